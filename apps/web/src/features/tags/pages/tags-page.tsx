import { useCallback } from 'react';
import { Button, Card, Pagination, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { FileExcelOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../../components/filter-search';
import dayjs from 'dayjs';
import { TAG_PAGE_SIZE, type Tag } from '@recarga/contracts/tags';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { usePhoneCards } from '../../../components/record-cards';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { progressText } from '../../../lib/download-file';
import { foldedSearch } from '../../../lib/select-search';
import { intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { downloadTagsXlsx } from '../api/download-tags-xlsx';
import { useTags } from '../api/get-tags';
import { TagCard } from '../components/tag-card';
import { TagRecordCards } from '../components/tag-record-cards';
import '../tags.css';

const SEARCH_DELAY_MS = 400;
/** The list's settings in the address: `/ocpptags?search=04a1&tenant=3&page=2`. */
const tagUrlCodecs = { search: textParam, tenant: intParam(1), page: intParam(1) };

/** /ocpptags (001 §2 Tags list): tag-ID search, tenant filter, Excel, unknown tags, New tag; expandable rows (a card per tag on a phone). */
export function TagsPage() {
  const { t } = useTranslation('tags');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const tenants = useTenants();
  const [url, setUrl] = useUrlState(tagUrlCodecs);
  const searchInput = url.search ?? '';
  const page = url.page ?? 1;
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(searchInput, commitSearch, SEARCH_DELAY_MS);
  const { data, isLoading, isError, isPlaceholderData, refetch } = useTags({ searchInput, tenantPk: url.tenant, page });
  // On a phone each tag is a card: the table showed the id and the type only there.
  const phone = usePhoneCards();
  const tags = data?.ocppTagList ?? [];
  const excel = useFileDownload();
  const canCreate = permitted.has('/ocpptags/create');
  const canEdit = permitted.has('/ocpptags/edit/{id}');
  const canDelete = permitted.has('/ocpptags/delete/{id}');
  const filtered = Boolean(searchInput || url.tenant);

  const download = async () => {
    try {
      await excel.run(
        (onProgress) => downloadTagsXlsx({ searchInput, tenantPk: url.tenant }, onProgress),
        `tags-${dayjs().format('YYYY-MM-DD')}.xlsx`,
      );
      message.success(t('excel.done'));
    } catch (error) {
      if (isApiError(error) && error.status === 403) modal.warning({ title: t('excel.limitTitle'), content: t('excel.limitText') });
      else message.error(t('excel.failed'));
    }
  };

  const columns: TableColumnsType<Tag> = [
    {
      key: 'idTag',
      title: t('columns.idTag'),
      render: (_, tag) => (
        <span className={tag.inactive ? 'tag-id tag-id--inactive' : 'tag-id'}>
          {tag.idTag}
          {tag.inactive ? <span className="tag-id__inactive">{t('card.inactive')}</span> : null}
        </span>
      ),
    },
    { key: 'type', title: t('columns.type'), width: 110, render: (_, tag) => t(`type.${tag.type}`) },
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, tag) => {
        const name = tag.ownerUserName ?? tag.parentUserName;
        return name ? (
          <div className="tag-user">
            <span>{name}</span>
            {tag.userEmail ? <Typography.Text type="secondary">{tag.userEmail}</Typography.Text> : null}
          </div>
        ) : (
          '—'
        );
      },
    },
    { key: 'tenant', title: t('columns.tenant'), dataIndex: 'tenantName', responsive: ['md'] },
    {
      key: 'charging',
      title: t('columns.charging'),
      width: 150,
      render: (_, tag) => (
        <span
          className={tag.inTransaction ? 'charging-dot charging-dot--on' : 'charging-dot charging-dot--waiting'}
          data-testid="tag-charging"
        >
          {tag.inTransaction ? t('charging.yes') : t('charging.no')}
        </span>
      ),
    },
  ];

  // Nothing to say until the list has answered: "no tags" while loading, or beside a load error,
  // contradicted the screen.
  const emptyState = !data ? (
    <div className="tags-table__waiting" aria-hidden="true" data-testid="tags-waiting" />
  ) : (
    <EmptyState
      title={t('list.empty')}
      text={filtered ? t('list.emptyFiltered') : canCreate ? t('list.emptyHint') : undefined}
      actions={
        filtered ? (
          <Button onClick={() => setUrl({ search: undefined, tenant: undefined, page: undefined })}>
            {t('common:empty.clearFilters')}
          </Button>
        ) : canCreate ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate('/ocpptags/create')}>
            {t('list.new')}
          </Button>
        ) : null
      }
      data-testid="tags-empty"
    />
  );
  const pager = { current: page, pageSize: TAG_PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, showLessItems: true };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <>
            <Button
              icon={<FileExcelOutlined aria-hidden="true" />}
              onClick={() => void download()}
              loading={excel.busy}
              aria-live="polite"
              data-testid="tags-excel"
            >
              {excel.busy ? t('excel.downloading', { progress: progressText(excel.progress) }) : t('excel.button')}
            </Button>
            {permitted.has('/ocpptags/unknown') ? (
              <Button
                icon={<QuestionCircleOutlined aria-hidden="true" />}
                onClick={() => navigate('/ocpptags/unknown')}
                data-testid="tags-unknown"
              >
                {t('list.unknown')}
              </Button>
            ) : null}
            {canCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => navigate('/ocpptags/create')}
                data-testid="new-tag"
              >
                {t('list.new')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" className="section-card">
        <div className="filter-bar" role="search" aria-label={t('list.searchLabel')}>
          <FilterSearch value={search} onChange={setSearch} label={t('list.search')} maxLength={20} testId="tag-search" />
          {(tenants.data?.length ?? 0) > 1 ? (
            <Select
              className="filter-bar__select"
              allowClear
              showSearch={foldedSearch()}
              placeholder={t('list.tenant')}
              aria-label={t('list.tenant')}
              value={url.tenant}
              onChange={(value?: number) => setUrl({ tenant: value, page: undefined })}
              options={(tenants.data ?? []).map((x) => ({ value: x.tenant_pk, label: x.name }))}
              data-testid="tag-tenant"
            />
          ) : null}
          <Typography.Text type="secondary" aria-live="polite" className="filter-bar__count">
            {data ? (data.countCapped ? t('list.countMore', { count: data.count }) : t('list.count', { count: data.count })) : '\u00a0'}
          </Typography.Text>
        </div>
        {isError ? <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} /> : null}
        {phone && tags.length ? (
          <TagRecordCards
            tags={tags}
            showTenant={(tenants.data?.length ?? 0) > 1}
            canEdit={canEdit}
            canDelete={canDelete}
            busy={isPlaceholderData}
            footer={<Pagination {...pager} onChange={(next) => setUrl({ page: next === 1 ? undefined : next })} />}
          />
        ) : phone ? (
          <Spin spinning={isLoading}>{emptyState}</Spin>
        ) : (
          <Table<Tag>
            rowKey="ocppTagPk"
            columns={columns}
            dataSource={tags}
            loading={isLoading}
            aria-busy={isLoading}
            locale={{ emptyText: emptyState }}
            onChange={(pagination) => {
              const next = pagination.current ?? 1;
              setUrl({ page: next === 1 ? undefined : next });
            }}
            expandable={{
              expandedRowRender: (tag) => <TagCard tag={tag} canEdit={canEdit} canDelete={canDelete} />,
              expandRowByClick: true,
            }}
            pagination={pager}
            className="tags-table"
            data-testid="tags-table"
          />
        )}
      </Card>
    </>
  );
}
