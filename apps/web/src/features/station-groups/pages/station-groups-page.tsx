import { useEffect, useState } from 'react';
import { Button, Card, Input, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_PAGE_SIZE, type Group } from '@recarga/contracts/station-groups';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useGroups, type GroupSort } from '../api/get-groups';
import { GroupCard } from '../components/group-card';
import '../station-groups.css';

const SEARCH_DELAY_MS = 400;

/** /station_groups: search, sort by Name, Address or External ID, expandable cards, New chargebox group. */
export function StationGroupsPage() {
  const { t } = useTranslation('stationGroups');
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const [sort, setSort] = useState<{ sort?: GroupSort; order?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState(1);
  const canEdit = permitted.has('/station_groups/edit/{id}');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearchInput(search);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

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
    if (s?.order) setSort({ sort: s.columnKey as GroupSort, order: s.order === 'ascend' ? 'asc' : 'desc' });
    else setSort({});
    setPage(pagination.current ?? 1);
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
          <Input
            className="filter-bar__search"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            maxLength={100}
            data-testid="group-search"
          />
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
          locale={{ emptyText: t('list.empty') }}
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
