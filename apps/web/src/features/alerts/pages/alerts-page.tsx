import { useCallback, useMemo } from 'react';
import { Button, Card, Input, Skeleton, Table, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@recarga/contracts/notifications';
import { EventTag } from '../../../components/event-tag';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format/date-time';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { intParam, textParam, useSearchBox, useUrlState } from '../../../lib/url-state';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useAlerts } from '../api/get-alerts';
import { AlertDetails } from '../components/alert-details';
import { compareDate, compareText, matchesAlertSearch } from '../utils/alert-rules';
import '../alerts.css';

/** Alerts list page size and page buttons (000 §2, §9). */
const ALERTS_PAGE_SIZE = 10;

const rowKey = (n: Notification) =>
  `${n.chargeBoxId}|${n.connectorId ?? 0}|${n.type}|${n.notificationTimestampDT}|${n.transactionId ?? ''}`;

/** The list's settings in the address: `/alerts?search=paulista&sort=city:asc&page=2`. */
const alertUrlCodecs = { search: textParam, sort: textParam, page: intParam(1) };
type SortOrder = 'ascend' | 'descend';
const sortKeys = ['station', 'state', 'city', 'place', 'date', 'event'] as const;
/** Newest first unless the address says otherwise. */
const DEFAULT_SORT = { key: 'date', order: 'descend' as SortOrder };

/** `city:asc` → the column and its order; anything else → the default. */
function readSort(raw: string | undefined): { key: string; order: SortOrder } {
  const [key, dir] = (raw ?? '').split(':');
  if (!key || !(sortKeys as readonly string[]).includes(key) || (dir !== 'asc' && dir !== 'desc')) return DEFAULT_SORT;
  return { key, order: dir === 'asc' ? 'ascend' : 'descend' };
}
const SEARCH_DELAY_MS = 300;

/**
 * /alerts (000 §2): the station events of the scope, searchable by name or ChargeBox ID (spaces
 * and case ignored), 10 per page, every column sortable, a row expands to the station id,
 * connector, error and — for a Warning (Short Recharge) — the timeline of its transaction.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { t: tn } = useTranslation('notifications');
  const language = useLanguageTag();
  const fmt = useNumberFormat();
  const { data, isLoading, isError, refetch } = useAlerts();
  // Search and page live in the address (reload, back and shared links keep them).
  const [url, setUrl] = useUrlState(alertUrlCodecs);
  const page = url.page ?? 1;
  // The list filters as one types; the address follows once typing settles.
  const commitSearch = useCallback((text: string) => setUrl({ search: text }, { replace: true }), [setUrl]);
  const [search, setSearch] = useSearchBox(url.search ?? '', commitSearch, SEARCH_DELAY_MS);
  const setPage = (next: number) => setUrl({ page: next === 1 ? undefined : next });
  const rows = useMemo(() => (data ?? []).filter((n) => matchesAlertSearch(n, search)), [data, search]);
  const sort = readSort(url.sort);
  const sortOrderOf = (key: string) => (sort.key === key ? sort.order : null);

  const columns: TableColumnsType<Notification> = [
    {
      key: 'station',
      title: t('columns.station'),
      width: '20%',
      sorter: (a, b, order) => compareText(a.chargeBoxName || a.chargeBoxId, b.chargeBoxName || b.chargeBoxId, order, language),
      render: (_, n) => (
        <div className="alert-station">
          <span className="alert-station__name">{n.chargeBoxName || n.chargeBoxId}</span>
          <span className="alert-station__id">{n.chargeBoxId}</span>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      sorter: (a, b, order) => compareText(a.addressState, b.addressState, order, language),
      render: (_, n) => n.addressState || '—',
    },
    {
      key: 'city',
      title: t('columns.city'),
      sorter: (a, b, order) => compareText(a.addressCity, b.addressCity, order, language),
      render: (_, n) => n.addressCity || '—',
    },
    {
      key: 'place',
      title: t('columns.place'),
      sorter: (a, b, order) => compareText(a.addressStreet, b.addressStreet, order, language),
      render: (_, n) => n.addressStreet || '—',
      ellipsis: true,
    },
    {
      key: 'date',
      title: t('columns.date'),
      sorter: compareDate,
      width: 170,
      render: (_, n) => <time dateTime={n.notificationTimestampDT}>{formatDateTime(n.notificationTimestampDT)}</time>,
    },
    {
      key: 'event',
      title: t('columns.event'),
      width: 190,
      sorter: (a, b, order) =>
        compareText(tn(`events.${a.type}`, { defaultValue: a.type }), tn(`events.${b.type}`, { defaultValue: b.type }), order, language),
      render: (_, n) => <EventTag type={n.type} />,
    },
  ];

  return (
    <div className="alerts-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card className="section-card" variant="borderless">
        <div className="alerts-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (page !== 1) setUrl({ page: undefined }, { replace: true });
            }}
            className="alerts-toolbar__search"
            data-testid="alerts-search"
          />
          {data ? (
            <Typography.Text type="secondary" className="alerts-toolbar__count" data-testid="alerts-count">
              {t('count', { count: rows.length, formatted: fmt.integer(rows.length) })}
            </Typography.Text>
          ) : null}
        </div>
        {isLoading ? (
          <div data-testid="alerts-skeleton">
            <Skeleton active title={false} paragraph={{ rows: 10, width: '100%' }} />
          </div>
        ) : isError ? (
          <LoadError title={t('error')} retryText={t('retry')} onRetry={() => void refetch()} />
        ) : (
          <Table<Notification>
            data-testid="alerts-table"
            className="alerts-table"
            rowKey={rowKey}
            columns={columns.map((c): TableColumnType<Notification> => ({ ...c, sortOrder: sortOrderOf(String(c.key)) }))}
            dataSource={rows}
            size="middle"
            showSorterTooltip={false}
            sortDirections={['ascend', 'descend']}
            locale={{
              emptyText: search ? (
                <EmptyState
                  title={t('emptySearch')}
                  actions={
                    <Button
                      onClick={() => {
                        setSearch('');
                        setUrl({ search: undefined, page: undefined });
                      }}
                    >
                      {t('common:empty.clearSearch')}
                    </Button>
                  }
                  data-testid="alerts-empty"
                />
              ) : (
                <EmptyState title={t('empty')} data-testid="alerts-empty" />
              ),
            }}
            pagination={{
              current: page,
              pageSize: ALERTS_PAGE_SIZE,
              onChange: setPage,
              showSizeChanger: false,
              showLessItems: true,
              hideOnSinglePage: false,
              position: ['bottomCenter'],
            }}
            expandable={{
              expandRowByClick: true,
              expandedRowRender: (n) => <AlertDetails notification={n} all={data ?? []} />,
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
