import { useCallback, useMemo } from 'react';
import { Button, Card, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../../components/filter-search';
import { GROUP_PAGE_SIZE, type Group } from '@recarga/contracts/station-groups';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { intParam, oneOfParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useGroups, type GroupSort } from '../api/get-groups';
import { GroupCard } from '../components/group-card';
import '../station-groups.css';

const SEARCH_DELAY_MS = 400;

/** The list's settings in the address: `/station_groups?search=centro&sort=name&order=desc&page=2`. */
const groupUrlCodecs = {
  search: textParam,
  sort: oneOfParam<GroupSort>(['name', 'address', 'externalId']),
  order: oneOfParam(['asc', 'desc'] as const),
  page: intParam(1),
};

/** /station_groups: search, sort by Name, Address or External ID, expandable cards, New chargebox group. */
export function StationGroupsPage() {
  const { t } = useTranslation('stationGroups');
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  // Search, sort and page live in the address (reload, back and shared links keep them).
  const [url, setUrl] = useUrlState(groupUrlCodecs);
  const searchInput = url.search ?? '';
  const sort = useMemo(() => (url.sort ? { sort: url.sort, order: url.order ?? 'asc' } : {}), [url.sort, url.order]);
  const page = url.page ?? 1;
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(searchInput, commitSearch, SEARCH_DELAY_MS);
  const canEdit = permitted.has('/station_groups/edit/{id}');
  const canCreate = permitted.has('/station_groups/create');

  const { data, isLoading, isError, refetch } = useGroups({ searchInput, ...sort, page });
  const sortOrder = (key: GroupSort) => (sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableColumnsType<Group> = [
    {
      key: 'name',
      title: t('columns.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, g) => <span className="group-name">{g.name}</span>,
    },
    {
      key: 'address',
      title: t('columns.address'),
      sorter: true,
      sortOrder: sortOrder('address'),
      render: (_, g) => {
        const street = [g.address.street, g.address.houseNumber].filter(Boolean).join(', ');
        const place = [g.address.city, g.address.state].filter(Boolean).join(' · ');
        return (
          <div className="group-address">
            <span>{street || '—'}</span>
            {place ? <Typography.Text type="secondary">{place}</Typography.Text> : null}
          </div>
        );
      },
    },
    {
      key: 'externalId',
      title: t('columns.externalId'),
      sorter: true,
      sortOrder: sortOrder('externalId'),
      render: (_, g) => g.externalId || '—',
    },
    { key: 'tenant', title: t('columns.tenant'), dataIndex: 'tenantName', responsive: ['lg'] },
    { key: 'stations', title: t('columns.stations'), dataIndex: 'stationCount', align: 'right', width: 120 },
  ];

  const onTableChange: TableProps<Group>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = pagination.current ?? 1;
    setUrl({
      sort: s?.order ? (s.columnKey as GroupSort) : undefined,
      order: s?.order === 'descend' ? 'desc' : undefined,
      page: next === 1 ? undefined : next,
    });
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          permitted.has('/station_groups/create') ? (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => navigate('/station_groups/create')}
              data-testid="new-group"
            >
              {t('list.new')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" className="section-card">
        <div className="filter-bar" role="search" aria-label={t('list.searchLabel')}>
          <FilterSearch value={search} onChange={setSearch} label={t('list.search')} testId="group-search" />
          <Typography.Text type="secondary" aria-live="polite" className="filter-bar__count">
            {data ? t('list.count', { count: data.count }) : '\u00a0'}
          </Typography.Text>
        </div>
        {isError ? <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} /> : null}
        <Table<Group>
          rowKey="chargeBoxGroupPk"
          columns={columns}
          dataSource={data?.chargePointGroupList ?? []}
          loading={isLoading}
          locale={{
            emptyText: (
              <EmptyState
                title={t('list.empty')}
                text={searchInput ? t('list.emptyFiltered') : canCreate ? t('list.emptyHint') : undefined}
                actions={
                  searchInput ? (
                    <Button onClick={() => setUrl({ search: undefined, page: undefined })}>{t('common:empty.clearSearch')}</Button>
                  ) : canCreate ? (
                    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate('/station_groups/create')}>
                      {t('list.new')}
                    </Button>
                  ) : null
                }
                data-testid="groups-empty"
              />
            ),
          }}
          sortDirections={['descend', 'ascend']}
          showSorterTooltip={false}
          onChange={onTableChange}
          expandable={{ expandedRowRender: (g) => <GroupCard group={g} canEdit={canEdit} />, expandRowByClick: true }}
          pagination={{ current: page, pageSize: GROUP_PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, showLessItems: true }}
          className="groups-table"
        />
      </Card>
    </>
  );
}
