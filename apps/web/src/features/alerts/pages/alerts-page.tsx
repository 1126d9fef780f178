import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Card, Grid, Input, Pagination, Skeleton, Table, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALERTS_PAGE_SIZE,
  alertSeverities,
  alertSortKeys,
  notificationTypes,
  type AlertSortKey,
} from '@recarga/contracts/notification-types';
import type { Alert } from '@recarga/contracts/notifications';
import { EmptyState } from '../../../components/empty-state';
import { EventTag } from '../../../components/event-tag';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useOcppErrorText } from '../../../components/use-ocpp-error-text';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useLiveMessages } from '../../../lib/live-context';
import { intParam, oneOfParam, textParam, useSearchBox, useUrlState, type UrlCodec } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { useAcknowledgeAlerts } from '../api/acknowledge-alerts';
import { alertKeys, type AlertsQuery } from '../api/alert-keys';
import { useAlerts } from '../api/get-alerts';
import { AcknowledgeCell } from '../components/acknowledge-cell';
import { AlertCardList } from '../components/alert-card-list';
import { AlertDate } from '../components/alert-date';
import { AlertDetails } from '../components/alert-details';
import { ackStates, AlertFilters, alertPeriods, type AlertFilterValues, type AlertPeriod } from '../components/alert-filters';
import { SeverityTag } from '../components/severity-tag';
import '../alerts.css';

/** A comma-separated list of known words in the address (`severity=fault,offline`); unknown words are dropped. */
function listParam<T extends string>(values: readonly T[]): UrlCodec<T[]> {
  return {
    parse: (raw) => {
      const list = raw.split(',').filter((v): v is T => (values as readonly string[]).includes(v));
      return list.length ? [...new Set(list)] : undefined;
    },
    format: (value) => value.join(','),
  };
}

/** The list's settings in the address: `/alerts?severity=fault&period=7d&sort=city:asc&page=2`. */
const alertUrlCodecs = {
  search: textParam,
  sort: textParam,
  page: intParam(1),
  severity: listParam(alertSeverities),
  type: listParam(notificationTypes),
  station: intParam(1),
  period: oneOfParam(alertPeriods),
  ack: oneOfParam(ackStates),
};
type SortOrder = 'ascend' | 'descend';
/** Newest received first unless the address says otherwise. */
const DEFAULT_SORT = { key: 'date' as AlertSortKey, order: 'descend' as SortOrder };
const periodMs: Record<AlertPeriod, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** `city:asc` → the column and its order; anything else → the default. */
function readSort(raw: string | undefined): { key: AlertSortKey; order: SortOrder } {
  const [key, dir] = (raw ?? '').split(':');
  if (!key || !(alertSortKeys as readonly string[]).includes(key) || (dir !== 'asc' && dir !== 'desc')) return DEFAULT_SORT;
  return { key: key as AlertSortKey, order: dir === 'asc' ? 'ascend' : 'descend' };
}
const SEARCH_DELAY_MS = 300;
/** The table's narrowest width: its fixed columns and room for the place (the expand column included). */
const TABLE_MIN_WIDTH = 1200;
/** A burst of live events refreshes the page on screen once per this many milliseconds. */
const LIVE_REFRESH_MS = 3_000;

/**
 * /alerts (000 §2, issue 40): the station events of the scope with a severity, filtered by severity,
 * event, station, period and acknowledgement, searched by name or ChargeBox ID (spaces and case
 * ignored), ordered by the time received (a station clock running ahead is flagged, not pinned on
 * top) and paged by the server, 10 per page. Each alert can be acknowledged (who and when are shown);
 * a row expands to its details. On a phone each alert is a card.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const fmt = useNumberFormat();
  const errorText = useOcppErrorText();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const [url, setUrl] = useUrlState(alertUrlCodecs);
  const page = url.page ?? 1;
  // The list searches as one types; the address follows once typing settles.
  const commitSearch = useCallback((text: string) => setUrl({ search: text || undefined, page: undefined }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(url.search ?? '', commitSearch, SEARCH_DELAY_MS);
  const setPage = (next: number) => setUrl({ page: next === 1 ? undefined : next });
  const sort = readSort(url.sort);
  const sortOrderOf = (key: string) => (sort.key === key ? sort.order : null);

  // A period counts back from when it was chosen (or the page opened), so the page's key stays put.
  const from = useMemo(
    () => (url.period ? new Date(Math.floor((Date.now() - periodMs[url.period]) / 60_000) * 60_000).toISOString() : undefined),
    [url.period],
  );
  const query: AlertsQuery = {
    page,
    size: ALERTS_PAGE_SIZE,
    search: url.search?.trim() || undefined,
    severity: url.severity,
    type: url.type,
    chargeBoxPk: url.station,
    from,
    acknowledged: url.ack === undefined ? undefined : url.ack === 'done',
    sort: sort.key,
    order: sort.order === 'ascend' ? 'asc' : 'desc',
  };
  const { data, isLoading, isError, isFetching, refetch } = useAlerts(query);
  const rows = data?.content ?? [];
  const total = data?.totalElements ?? 0;
  const filtered = Boolean(url.search || url.severity || url.type || url.station || url.period || url.ack);

  // New events reach the page on screen (at most once per LIVE_REFRESH_MS).
  const liveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveMessages((live) => {
    if (live.parsed?.kind !== 'notification' || liveTimer.current) return;
    liveTimer.current = setTimeout(() => {
      liveTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    }, LIVE_REFRESH_MS);
  });

  const acknowledge = useAcknowledgeAlerts();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(new Set());
  const onAcknowledge = (a: Alert) => {
    setPendingIds((s) => new Set(s).add(a.notificationId));
    acknowledge.mutate([a.notificationId], {
      onSuccess: () => void message.success(t('ack.success')),
      onError: () => void message.error(t('ack.error')),
      onSettled: () =>
        setPendingIds((s) => {
          const next = new Set(s);
          next.delete(a.notificationId);
          return next;
        }),
    });
  };

  const filterValues: AlertFilterValues = {
    severity: url.severity ?? [],
    type: url.type ?? [],
    station: url.station,
    period: url.period,
    ack: url.ack,
  };
  const onFilter = (patch: Partial<AlertFilterValues>) =>
    setUrl({
      ...('severity' in patch ? { severity: patch.severity?.length ? patch.severity : undefined } : {}),
      ...('type' in patch ? { type: patch.type?.length ? patch.type : undefined } : {}),
      ...('station' in patch ? { station: patch.station } : {}),
      ...('period' in patch ? { period: patch.period } : {}),
      ...('ack' in patch ? { ack: patch.ack } : {}),
      page: undefined,
    });
  const clearFilters = () => {
    setSearch('');
    setUrl({
      search: undefined,
      severity: undefined,
      type: undefined,
      station: undefined,
      period: undefined,
      ack: undefined,
      page: undefined,
    });
  };

  // Widths for 1440 px in every language (issue 40): the titles and short values (severity, state,
  // date, event, the button) get room for one line; station, city and place take what is left and
  // end in an ellipsis, read whole in their title. Below TABLE_MIN_WIDTH the table scrolls in its box.
  const columns: TableColumnsType<Alert> = [
    {
      key: 'severity',
      title: t('columns.severity'),
      width: 128,
      render: (_, a) => <SeverityTag severity={a.severity} />,
    },
    {
      key: 'station',
      title: t('columns.station'),
      width: 200,
      sorter: true,
      render: (_, a) => (
        <div className="alert-station">
          <span className="alert-station__name" title={a.chargeBoxName || a.chargeBoxId}>
            {a.chargeBoxName || a.chargeBoxId}
          </span>
          <span className="alert-station__id" title={a.chargeBoxId}>
            {a.chargeBoxId}
          </span>
        </div>
      ),
    },
    { key: 'state', title: t('columns.state'), width: 130, sorter: true, ellipsis: true, render: (_, a) => a.addressState || '—' },
    { key: 'city', title: t('columns.city'), width: 120, sorter: true, ellipsis: true, render: (_, a) => a.addressCity || '—' },
    { key: 'place', title: t('columns.place'), sorter: true, ellipsis: true, render: (_, a) => a.addressStreet || '—' },
    { key: 'date', title: t('columns.date'), sorter: true, width: 144, render: (_, a) => <AlertDate alert={a} /> },
    {
      key: 'event',
      title: t('columns.event'),
      width: 170,
      sorter: true,
      render: (_, a) => (
        <span className="alert-event">
          <EventTag type={a.type} />
          {errorText(a.connectorErrorCode) ? <span className="alert-event__error">{errorText(a.connectorErrorCode)}</span> : null}
        </span>
      ),
    },
    {
      key: 'acknowledged',
      title: t('columns.acknowledged'),
      width: 164,
      render: (_, a) => <AcknowledgeCell alert={a} pending={pendingIds.has(a.notificationId)} onAcknowledge={onAcknowledge} />,
    },
  ];

  const empty = filtered ? (
    <EmptyState
      title={url.search && !url.severity && !url.type && !url.station && !url.period && !url.ack ? t('emptySearch') : t('emptyFiltered')}
      actions={<Button onClick={clearFilters}>{t('clearFilters')}</Button>}
      data-testid="alerts-empty"
    />
  ) : (
    <EmptyState title={t('empty')} data-testid="alerts-empty" />
  );

  return (
    <div className="alerts-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card className="section-card alerts-card" variant="borderless">
        <div className="alerts-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="alerts-toolbar__search"
            data-testid="alerts-search"
          />
          {data ? (
            <Typography.Text type="secondary" className="alerts-toolbar__count" data-testid="alerts-count">
              {t('count', { count: total, formatted: fmt.integer(total) })}
            </Typography.Text>
          ) : null}
        </div>
        <AlertFilters value={filterValues} onChange={onFilter} />
        {isLoading ? (
          <div data-testid="alerts-skeleton">
            <Skeleton active title={false} paragraph={{ rows: 10, width: '100%' }} />
          </div>
        ) : isError && !data ? (
          <LoadError title={t('error')} retryText={t('retry')} onRetry={() => void refetch()} />
        ) : phone ? (
          <div aria-busy={isFetching} data-testid="alerts-phone">
            {rows.length ? (
              <AlertCardList
                alerts={rows}
                pendingIds={pendingIds}
                onAcknowledge={onAcknowledge}
                footer={
                  total > ALERTS_PAGE_SIZE ? (
                    <Pagination
                      current={page}
                      pageSize={ALERTS_PAGE_SIZE}
                      total={total}
                      onChange={setPage}
                      showSizeChanger={false}
                      showLessItems
                      size="small"
                      align="center"
                    />
                  ) : null
                }
              />
            ) : (
              empty
            )}
          </div>
        ) : (
          <Table<Alert>
            data-testid="alerts-table"
            className="alerts-table"
            rowKey="notificationId"
            columns={columns.map((c): TableColumnType<Alert> => ({ ...c, sortOrder: c.sorter ? sortOrderOf(String(c.key)) : undefined }))}
            dataSource={rows}
            loading={isFetching && !isLoading ? { delay: 300 } : false}
            size="middle"
            scroll={{ x: TABLE_MIN_WIDTH }}
            showSorterTooltip={false}
            sortDirections={['ascend', 'descend']}
            rowClassName={(a) => (a.acknowledgedAtDT ? 'alerts-row alerts-row--acknowledged' : 'alerts-row')}
            locale={{ emptyText: empty }}
            pagination={{
              current: page,
              pageSize: ALERTS_PAGE_SIZE,
              total,
              onChange: setPage,
              showSizeChanger: false,
              showLessItems: true,
              hideOnSinglePage: false,
              position: ['bottomCenter'],
            }}
            expandable={{
              expandRowByClick: true,
              expandedRowRender: (a) => <AlertDetails notification={a} all={rows} />,
            }}
            onChange={(_, __, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const next = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = String(next?.columnKey ?? '');
              const order = next?.order;
              const isDefault = !order || (key === DEFAULT_SORT.key && order === DEFAULT_SORT.order);
              setUrl({ sort: isDefault ? undefined : `${key}:${order === 'ascend' ? 'asc' : 'desc'}`, page: undefined });
            }}
          />
        )}
      </Card>
    </div>
  );
}
