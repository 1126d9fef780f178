import { useCallback, useState } from 'react';
import { Button, Card, Result, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, LockOutlined, LoginOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../../components/filter-search';
import { TAG_PAGE_SIZE, type UnknownTag } from '@recarga/contracts/tags';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { loginPathFor } from '../../../lib/return-path';
import { intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { useApproveUnknownTags, type UnknownTagRef } from '../api/approve-unknown-tags';
import { useDeleteUnknownTag } from '../api/delete-unknown-tag';
import { useUnknownTags } from '../api/get-unknown-tags';
import '../tags.css';

/** Tag ids longer than this are cut in the list (001 §9); the whole id is in the tooltip. */
const ID_DISPLAY_MAX = 25;
const SEARCH_DELAY_MS = 400;
const unknownUrlCodecs = { search: textParam, page: intParam(1) };

const cut = (id: string) => (id.length > ID_DISPLAY_MAX ? `${id.slice(0, ID_DISPLAY_MAX)}…` : id);
const refOf = (u: UnknownTag): UnknownTagRef => ({ id_tag: u.key, tenant_pk: u.tenantPk });
const rowKey = (u: UnknownTag) => String(u.unknownTagPk);

/**
 * /ocpptags/unknown (001 §2 Unknown tags): a public address (no shell redirect), but no data and no
 * action without a session that holds /ocpptags/unknown — it asks to sign in and comes back here
 * (docs/decisions.md, "Unknown tags behind a public address").
 */
export function UnknownTagsPage() {
  const { t } = useTranslation('tags');
  const navigate = useNavigate();
  const session = useSession();
  const permitted = usePermittedRoutes();
  if (!session) {
    return (
      <Result
        icon={<LoginOutlined aria-hidden="true" />}
        title={<h1 className="unknown-tags__gate-title">{t('unknown.title')}</h1>}
        subTitle={t('unknown.signIn')}
        extra={
          <Button type="primary" onClick={() => navigate(loginPathFor('/ocpptags/unknown'))} data-testid="unknown-sign-in">
            {t('unknown.signInButton')}
          </Button>
        }
        data-testid="unknown-gate"
      />
    );
  }
  if (!permitted.has('/ocpptags/unknown')) {
    return (
      <Result
        icon={<LockOutlined aria-hidden="true" />}
        title={<h1 className="unknown-tags__gate-title">{t('unknown.title')}</h1>}
        subTitle={t('unknown.noPermission')}
        extra={<Button onClick={() => navigate('/')}>{t('unknown.home')}</Button>}
        data-testid="unknown-no-permission"
      />
    );
  }
  return <UnknownTagsList />;
}

function UnknownTagsList() {
  const { t } = useTranslation('tags');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(unknownUrlCodecs);
  const searchInput = url.search ?? '';
  const page = url.page ?? 1;
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(searchInput, commitSearch, SEARCH_DELAY_MS);
  const { data, isLoading, isError, refetch } = useUnknownTags({ searchInput, page }, true);
  const approve = useApproveUnknownTags();
  const remove = useDeleteUnknownTag();
  const [selected, setSelected] = useState<UnknownTag[]>([]);
  const busy = approve.isPending || remove.isPending;

  const approveTags = async (tags: UnknownTag[]) => {
    try {
      await approve.mutateAsync(tags.map(refOf));
      for (const tag of tags) message.success(`${tag.key}${t('unknown.approved')}`);
      setSelected([]);
    } catch {
      for (const tag of tags) message.error(`${tag.key}${t('unknown.approveFailed')}`);
    }
  };
  const deleteTags = async (tags: UnknownTag[]) => {
    for (const tag of tags) {
      try {
        await remove.mutateAsync(refOf(tag));
        message.success(`${tag.key}${t('unknown.deleted')}`);
      } catch {
        message.error(`${tag.key}${t('unknown.deleteFailed')}`);
      }
    }
    setSelected([]);
  };

  const columns: TableColumnsType<UnknownTag> = [
    {
      key: 'key',
      title: t('unknown.columns.idTag'),
      render: (_, u) =>
        u.key.length > ID_DISPLAY_MAX ? (
          <Tooltip title={u.key}>
            <span className="tag-id">{cut(u.key)}</span>
          </Tooltip>
        ) : (
          <span className="tag-id">{u.key}</span>
        ),
    },
    { key: 'attempts', title: t('unknown.columns.attempts'), dataIndex: 'numberOfAttempts', align: 'right', width: 110 },
    {
      key: 'last',
      title: t('unknown.columns.lastAttempt'),
      width: 170,
      render: (_, u) => <time dateTime={u.lastAttemptTimestamp}>{formatDateTime(u.lastAttemptTimestamp)}</time>,
    },
    { key: 'tenant', title: t('unknown.columns.tenant'), dataIndex: 'tenantName', responsive: ['md'] },
    { key: 'station', title: t('unknown.columns.station'), render: (_, u) => u.chargeBoxID ?? '—', responsive: ['sm'] },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('unknown.columns.actions')}</span>,
      width: 110,
      render: (_, u) => (
        <Space size={4}>
          <Tooltip title={t('unknown.approve')}>
            <Button
              size="small"
              icon={<CheckOutlined aria-hidden="true" />}
              aria-label={`${t('unknown.approve')} ${u.key}`}
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation();
                void approveTags([u]);
              }}
              data-testid={`unknown-approve-${u.key}`}
            />
          </Tooltip>
          <Tooltip title={t('unknown.delete')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              aria-label={`${t('unknown.delete')} ${u.key}`}
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation();
                void deleteTags([u]);
              }}
              data-testid={`unknown-delete-${u.key}`}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="unknown-tags">
      <div className="unknown-tags__head">
        <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => navigate('/ocpptags')}>
          {t('unknown.back')}
        </Button>
        <Typography.Title level={1} className="unknown-tags__title">
          {t('unknown.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('unknown.subtitle')}</Typography.Paragraph>
      </div>
      <Card variant="borderless" className="section-card">
        <div className="filter-bar" role="search" aria-label={t('unknown.search')}>
          <FilterSearch value={search} onChange={setSearch} label={t('unknown.search')} maxLength={20} testId="unknown-search" />
          <Space wrap>
            <Button
              icon={<CheckOutlined aria-hidden="true" />}
              disabled={selected.length === 0 || busy}
              onClick={() => void approveTags(selected)}
              data-testid="unknown-approve-selected"
            >
              {selected.length ? t('unknown.approveSelected', { count: selected.length }) : t('unknown.approveNone')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              disabled={selected.length === 0 || busy}
              onClick={() => void deleteTags(selected)}
              data-testid="unknown-delete-selected"
            >
              {selected.length ? t('unknown.deleteSelected', { count: selected.length }) : t('unknown.deleteNone')}
            </Button>
          </Space>
        </div>
        {isError ? <LoadError title={t('unknown.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} /> : null}
        <Table<UnknownTag>
          rowKey={rowKey}
          columns={columns}
          dataSource={data?.unknownOcppTags ?? []}
          loading={isLoading}
          rowSelection={{
            selectedRowKeys: selected.map(rowKey),
            onChange: (_keys, rows) => setSelected(rows),
            getTitleCheckboxProps: () => ({ 'aria-label': t('common:selectAll') }),
            getCheckboxProps: (u) => ({ 'aria-label': u.key }) as never,
          }}
          locale={{
            emptyText: <EmptyState title={searchInput ? t('unknown.emptyFiltered') : t('unknown.empty')} data-testid="unknown-empty" />,
          }}
          onChange={(pagination) => {
            const next = pagination.current ?? 1;
            setSelected([]);
            setUrl({ page: next === 1 ? undefined : next });
          }}
          pagination={{ current: page, pageSize: TAG_PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, showLessItems: true }}
          className="unknown-table"
          data-testid="unknown-table"
          scroll={{ x: 640 }}
        />
      </Card>
    </div>
  );
}
