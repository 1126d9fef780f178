import { useCallback, type MouseEvent } from 'react';
import { Button, Card, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import type { VirtualGroupRow } from '@recarga/contracts/virtual-groups';
import { EmptyState } from '../../../components/empty-state';
import { FilterSearch } from '../../../components/filter-search';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { useDeleteVirtualGroup } from '../api/delete-virtual-group';
import { useVirtualGroups } from '../api/get-virtual-groups';
import { CREATE_PATH } from '../model/group-draft';
import { useMeterMeasurements } from '../smart-charging/api/get-meter-measurements';
import { GROUP_PAGE_SIZE } from '../model/limits';
import '../virtual-groups.css';

const SEARCH_DELAY_MS = 400;
/** The list's search and page in the address: `/virtual-groups?search=centro&page=2` (page one-based here, zero-based at the gateway). */
const listCodecs = { search: textParam, page: intParam(1) };

const viewPath = (id: number) => `/virtual-groups/view/${id}`;

/** /virtual-groups (002 §2): the configurations, searchable, 10 a page; a row opens the group. */
export function VirtualGroupsPage() {
  const { t } = useTranslation('virtualGroups');
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const session = useSession();
  const smart = useHasRole(roles.smartChargingCreate);
  const [url, setUrl] = useUrlState(listCodecs);
  const search = url.search ?? '';
  const page = url.page ?? 1;
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [box, setBox] = useSearchBox(search, commitSearch, SEARCH_DELAY_MS);
  const { data, isLoading, isError, refetch } = useVirtualGroups({
    page: page - 1,
    search,
    tenantId: session?.user.tenant_pk ?? undefined,
  });
  const remove = useDeleteVirtualGroup();
  const meterIds = [...new Set((data?.content ?? []).flatMap((row) => (row.meter_device_remote_id ? [row.meter_device_remote_id] : [])))];
  const meters = useMeterMeasurements(meterIds, smart);
  const meterOnline = (id: string) => meters.data?.find((m) => m.device_remote_id === id)?.status;

  const confirmDelete = (row: VirtualGroupRow) =>
    modal.confirm({
      title: t('list.deleteConfirm', { title: row.name }),
      content: t('list.deleteText'),
      okText: t('list.deleteOk'),
      okButtonProps: { danger: true, 'data-testid': 'vg-delete-ok' } as never,
      cancelText: t('list.deleteCancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.virtual_group_id);
          message.success(t('list.deleted'));
          // The last row of a later page: show the page before.
          if (data && data.content.length === 1 && page > 1) setUrl({ page: page - 1 === 1 ? undefined : page - 1 });
        } catch {
          message.error(t('list.deleteFailed'));
        }
      },
    });

  const columns: TableColumnsType<VirtualGroupRow> = [
    {
      key: 'title',
      title: t('columns.title'),
      render: (_, row) => (
        <div className="vg-title">
          <Link to={viewPath(row.virtual_group_id)} className="vg-title__name" aria-label={t('list.open', { name: row.name })}>
            {row.name}
          </Link>
          {row.description ? <span className="vg-title__description">{row.description}</span> : null}
        </div>
      ),
    },
    {
      key: 'chargers',
      title: t('columns.chargers'),
      width: 130,
      align: 'right',
      render: (_, row) => <span className="vg-number">{row.charge_box_count}</span>,
    },
    {
      key: 'pricing',
      title: t('columns.pricing'),
      responsive: ['sm'],
      render: (_, row) =>
        row.dynamic_price_enabled && row.pricing_profile_names.length ? (
          <div className="vg-tags">
            {row.pricing_profile_names.map((name) => (
              <Tag key={name} color="processing" variant="filled">
                {name}
              </Tag>
            ))}
          </div>
        ) : (
          <span className="vg-muted">{t('pricing.off')}</span>
        ),
    },
    ...(smart
      ? ([
          {
            key: 'smart',
            title: t('columns.smartCharging'),
            responsive: ['md'],
            render: (_, row) =>
              row.smart_charging_enabled ? (
                <Tag color="success" variant="filled">
                  {t('status.on')}
                </Tag>
              ) : (
                <span className="vg-muted">{t('status.off')}</span>
              ),
          },
          {
            key: 'meter',
            title: t('columns.meter'),
            responsive: ['lg'],
            render: (_, row) =>
              row.meter_device_remote_id ? (
                <span className="sc-list-meter">
                  <span className="vg-code">{row.meter_device_remote_id}</span>
                  {meterOnline(row.meter_device_remote_id) === undefined ? null : meterOnline(row.meter_device_remote_id) === 1 ? (
                    <Tag color="success" variant="filled" data-testid="vg-meter-status">
                      {t('meter.online')}
                    </Tag>
                  ) : (
                    <Tag variant="filled" data-testid="vg-meter-status">
                      {t('meter.badgeOffline')}
                    </Tag>
                  )}
                </span>
              ) : (
                <span className="vg-muted">{t('status.noMeter')}</span>
              ),
          },
        ] satisfies TableColumnsType<VirtualGroupRow>)
      : []),
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 64,
      align: 'right',
      render: (_, row) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden="true" />}
          aria-label={t('list.deleteLabel', { name: row.name })}
          title={t('list.delete')}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            confirmDelete(row);
          }}
          data-testid="vg-delete"
        />
      ),
    },
  ];

  const createButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate(CREATE_PATH)} data-testid={testId}>
      {t('list.create')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} extra={createButton('vg-create')} />
      <Card variant="borderless" className="section-card">
        <div className="filter-bar" role="search" aria-label={t('list.searchLabel')}>
          <FilterSearch value={box} onChange={setBox} label={t('list.search')} maxLength={100} testId="vg-search" />
          <span className="filter-bar__count text text--secondary" aria-live="polite">
            {data ? t('list.count', { count: data.totalElements }) : '\u00a0'}
          </span>
        </div>
        {isError ? (
          <LoadError className="vg-load-error" title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} />
        ) : null}
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : isError && !data ? null : (
          <Table<VirtualGroupRow>
            rowKey="virtual_group_id"
            columns={columns}
            dataSource={data?.content ?? []}
            onRow={(row) => ({
              onClick: (event) => {
                if ((event.target as HTMLElement).closest('a, button')) return;
                navigate(viewPath(row.virtual_group_id));
              },
            })}
            locale={{
              emptyText: (
                <EmptyState
                  title={t('list.empty')}
                  text={search ? t('list.emptyFiltered') : t('list.emptyHint')}
                  actions={
                    search ? (
                      <Button onClick={() => setUrl({ search: undefined, page: undefined })}>{t('common:empty.clearSearch')}</Button>
                    ) : (
                      createButton()
                    )
                  }
                  data-testid="vg-empty"
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize: GROUP_PAGE_SIZE,
              total: data?.totalElements ?? 0,
              showSizeChanger: false,
              showLessItems: true,
              hideOnSinglePage: true,
              onChange: (next) => setUrl({ page: next === 1 ? undefined : next }),
            }}
            className="vg-table"
            data-testid="vg-table"
          />
        )}
      </Card>
    </>
  );
}
