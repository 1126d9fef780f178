import { useCallback, useMemo } from 'react';
import { Badge, Button, Card, Pagination, Spin, Table, theme, Typography, type TableColumnsType } from 'antd';
import type { CSSProperties } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATION_PAGE_SIZE, type ChargePointListItem } from '@recarga/contracts/stations';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { usePhoneCards } from '../../../components/record-cards';
import { useTenants } from '../../../lib/api/get-tenants';
import { formatDateTime } from '../../../lib/format/date-time';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { flagParam, intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useGroupOptions } from '../api/get-group-options';
import { useStations, type StationFilters } from '../api/get-stations';
import { ConnectorStatusLegend, ConnectorStatusPills } from '../components/connector-status-pills';
import { ExcelDownloadButton } from '../components/excel-download-button';
import { NewStationButton } from '../components/new-station-button';
import { ReportPopover } from '../components/report-popover';
import { StationCard } from '../components/station-card';
import { StationFilterBar } from '../components/station-filter-bar';
import { StationRecordCards } from '../components/station-record-cards';
import '../stations.css';

const SEARCH_DELAY_MS = 400;

/** The list's settings in the address: `/stations?search=paulista&group=3&online=1&page=2`. */
const stationUrlCodecs = {
  search: textParam,
  disabled: flagParam,
  group: intParam(1),
  tenant: intParam(1),
  online: flagParam,
  page: intParam(1),
};

/** /stations: the station list with filters, reports, Excel, New Station and expandable cards (a card per station on a phone). */
export function StationsPage() {
  const { t } = useTranslation(['stations', 'plugShare']);
  const fmt = useNumberFormat();
  const { token } = theme.useToken();
  const permitted = usePermittedRoutes();
  const navigate = useNavigate();
  // Filters, search and page live in the address (reload, back and shared links keep them).
  const [url, setUrl] = useUrlState(stationUrlCodecs);
  const filters = useMemo<StationFilters>(
    () => ({
      active: !url.disabled,
      searchInput: url.search || undefined,
      chargeBoxGroupPk: url.group,
      tenantPk: url.tenant,
      online: url.online,
    }),
    [url.disabled, url.search, url.group, url.tenant, url.online],
  );
  const page = url.page ?? 1;
  const filtered = !!(url.search || url.disabled || url.group || url.tenant || url.online !== undefined);
  const commitSearch = useCallback((text: string) => setUrl({ search: text, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(url.search ?? '', commitSearch, SEARCH_DELAY_MS);
  const setPage = (next: number) => setUrl({ page: next === 1 ? undefined : next });
  const groups = useGroupOptions();
  const tenants = useTenants();

  const { data, isLoading, isFetching, isError, isPlaceholderData, refetch } = useStations({ ...filters, page });
  // On a phone each station is a card: the table's nine columns showed one or two at a time there.
  const phone = usePhoneCards();
  const stations = data?.chargePointList ?? [];
  const loading = isLoading || (isFetching && !data);

  const columns: TableColumnsType<ChargePointListItem> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, s) => (
        <div className="station-name">
          <span className="station-name__title">{s.description || s.chargeBoxId}</span>
          <span className="station-name__id">{s.chargeBoxId}</span>
        </div>
      ),
    },
    { key: 'tenant', title: t('columns.tenant'), dataIndex: 'tenantName', responsive: ['lg'] },
    { key: 'state', title: t('columns.state'), render: (_, s) => s.address.state ?? '—', width: 90 },
    { key: 'city', title: t('columns.city'), render: (_, s) => s.address.city ?? '—', responsive: ['md'] },
    { key: 'recharges', title: t('columns.recharges'), dataIndex: 'recharges', align: 'right', width: 110 },
    { key: 'kwh', title: t('columns.kwh'), align: 'right', width: 110, render: (_, s) => fmt.decimal(s.consumption / 1000, 2) },
    {
      key: 'heartbeat',
      title: t('columns.heartbeat'),
      width: 190,
      render: (_, s) => (
        <span className="heartbeat" data-testid={`online-${s.chargeBoxId}`} data-online={s.online}>
          <Badge status={s.online ? 'success' : 'default'} text={s.online ? t('list.online') : t('list.offline')} />
          <span className="heartbeat__time">{s.lastHeartbeatTimestamp ? formatDateTime(s.lastHeartbeatTimestamp) : t('list.never')}</span>
        </span>
      ),
    },
    { key: 'connectors', title: t('columns.connectors'), render: (_, s) => <ConnectorStatusPills connectors={s.connectors} /> },
  ];

  // Until the list has answered (loading, or a load error above) there is nothing to say:
  // "no stations yet" beside the error contradicted it.
  const emptyState = !data ? (
    <div className="stations-table__waiting" aria-hidden="true" data-testid="stations-waiting" />
  ) : filtered ? (
    <EmptyState
      title={t('list.empty')}
      text={t('list.emptyFiltered')}
      actions={
        <Button
          onClick={() =>
            setUrl({
              search: undefined,
              disabled: undefined,
              group: undefined,
              tenant: undefined,
              online: undefined,
              page: undefined,
            })
          }
        >
          {t('common:empty.clearFilters')}
        </Button>
      }
      data-testid="stations-empty"
    />
  ) : (
    <EmptyState
      title={t('list.empty')}
      text={permitted.has('/stations/create') ? t('list.emptyHint') : undefined}
      actions={permitted.has('/stations/create') ? <NewStationButton /> : null}
      data-testid="stations-empty"
    />
  );

  const pager = {
    current: page,
    pageSize: STATION_PAGE_SIZE,
    total: data?.count ?? 0,
    showSizeChanger: false,
    showLessItems: true,
    onChange: setPage,
  };

  // Status group colours from the design tokens (the pills and legend read these variables).
  const statusColours = {
    '--status-available': token.colorSuccess,
    '--status-busy': token.blue,
    '--status-maintenance': token.colorWarning,
    '--status-unavailable': token.colorError,
  } as CSSProperties;

  return (
    <div className="stations-page" style={statusColours}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <div className="page-actions">
            <ReportPopover filters={filters} />
            <ExcelDownloadButton filters={filters} />
            {permitted.has('/stations/create') ? (
              <Button
                icon={<GlobalOutlined aria-hidden="true" />}
                onClick={() => navigate('/stations/plug-share')}
                data-testid="open-plug-share"
              >
                {t('plugShare:openButton')}
              </Button>
            ) : null}
            {permitted.has('/stations/create') ? <NewStationButton /> : null}
          </div>
        }
      />
      <Card variant="borderless" className="section-card stations-card">
        <StationFilterBar
          search={search}
          onSearch={setSearch}
          filters={filters}
          onChange={(next) =>
            setUrl({
              disabled: next.active ? undefined : true,
              group: next.chargeBoxGroupPk,
              tenant: next.tenantPk,
              online: next.online,
              page: undefined,
            })
          }
          groups={groups.data ?? []}
          tenants={tenants.data ?? []}
        />
        <div className="stations-card__meta">
          <Typography.Text type="secondary" aria-live="polite">
            {data ? t('list.count', { count: data.count }) : '\u00a0'}
          </Typography.Text>
          <ConnectorStatusLegend />
        </div>
        {isError ? (
          <LoadError
            title={t('list.loadError')}
            retryText={t('list.retry')}
            onRetry={() => void refetch()}
            className="stations-card__error"
          />
        ) : null}
        {phone && stations.length ? (
          <StationRecordCards
            stations={stations}
            showTenant={(tenants.data?.length ?? 0) > 1}
            busy={isPlaceholderData}
            footer={<Pagination {...pager} />}
          />
        ) : phone ? (
          <Spin spinning={loading}>{emptyState}</Spin>
        ) : (
          <Table<ChargePointListItem>
            rowKey="chargeBoxPk"
            columns={columns}
            dataSource={stations}
            loading={loading}
            locale={{ emptyText: emptyState }}
            expandable={{
              expandedRowRender: (station) => <StationCard station={station} />,
              expandRowByClick: true,
              rowExpandable: () => true,
            }}
            rowClassName={(s) => (s.active ? 'station-row' : 'station-row station-row--disabled')}
            pagination={{ ...pager, hideOnSinglePage: false }}
            scroll={{ x: 900 }}
            className="stations-table"
          />
        )}
      </Card>
    </div>
  );
}
