import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Skeleton, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { DownOutlined, RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_PAGE_SIZE, TRANSACTION_QUERY_CAP, type TransactionRow } from '@recarga/contracts/transactions';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { StopRechargeButton } from '../../../components/stop-recharge-button';
import { useLiveMessages } from '../../../lib/live-context';
import { PageHeader } from '../../../components/page-header';
import { RecordCardDetailsButton, RecordCards, usePhoneCards, type RecordCardContent } from '../../../components/record-cards';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { formatDateTime } from '../../../lib/format/date-time';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useSearchBox, useUrlState } from '../../../lib/url-state';
import { useFeedback } from '../../../lib/use-feedback';
import { useTransactions } from '../api/get-transactions';
import { transactionKeys } from '../api/transaction-keys';
import { ApproveTransactions } from '../components/approve-transactions';
import { InvoiceBadge } from '../components/invoice-badge';
import { RevenueAmount } from '../components/revenue-amount';
import { TransactionDetailPanel } from '../components/transaction-detail';
import { TransactionFilterBar, type FilterState } from '../components/transaction-filter-bar';
import { TransactionPager } from '../components/transaction-pager';
import { TransactionsEmpty } from '../components/transactions-empty';
import { TransactionsExcelButton } from '../components/transactions-excel-button';
import { TransactionsScope } from '../components/transactions-scope';
import { useInvoicePdf } from '../components/use-invoice-pdf';
import { useInvoiceRetry } from '../components/use-invoice-retry';
import type { TransactionFilters } from '../model/list-query';
import { rangeToUrl, settingsFromUrl, transactionUrlCodecs } from '../model/list-url';
import { isQueryLimited, LIMIT_WARNING_DELAY_MS } from '../model/limit-warning';
import { isSelectableForApproval, revenueTone } from '../model/revenue-status';
import { changesRecharges } from '../model/live-recharges';
import { nextSortOrder, type SortOrder } from '../model/sorting';
import { useTransactionAccess } from '../use-transaction-access';

const SEARCH_DELAY_MS = 400;

/** A card's accent on a phone: the revenue colour of the table's income column (paid green, not paid red). */
const cardTone = { paid: 'success', unpaid: 'error', info: undefined } as const;

/** /transactions: recharges with filters, server sorting, bulk approval, Excel and expandable details. */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const fmt = useNumberFormat();
  const { message } = useFeedback();
  const access = useTransactionAccess();
  const retryInvoice = useInvoiceRetry();
  const openInvoice = useInvoicePdf();

  // Filters, search, sort and page live in the address (reload, back and shared links keep them).
  const [url, setUrl] = useUrlState(transactionUrlCodecs);
  const settings = useMemo(() => settingsFromUrl(url), [url]);
  const { page, sort } = settings;
  const commitSearch = useCallback((search: string) => setUrl({ search, page: undefined }, { replace: true }), [setUrl]);
  const [searchText, setSearchText] = useSearchBox(settings.search, commitSearch, SEARCH_DELAY_MS);
  const [selected, setSelected] = useState<Map<number, TransactionRow>>(new Map());
  const [expanded, setExpanded] = useState<number[]>([]);
  // Phones get one card per recharge: the table's ten columns showed two at a time inside the card.
  const phone = usePhoneCards();

  const filterState: FilterState = {
    search: searchText,
    range: settings.range,
    chargeBoxPk: settings.chargeBoxPk,
    userOcppTag: settings.userOcppTag,
    paymentStatus: settings.paymentStatus,
  };

  const filters = useMemo<TransactionFilters>(
    () => ({
      fromDate: settings.queryRange[0].toISOString(),
      toDate: settings.queryRange[1].toISOString(),
      chargeBoxPk: settings.chargeBoxPk,
      userOcppTag: access.optionsDisabled ? undefined : settings.userOcppTag,
      paymentStatus: access.financial ? settings.paymentStatus : '',
      searchInput: settings.search,
      timeZone: browserTimeZone(),
    }),
    [settings, access.optionsDisabled, access.financial],
  );
  const sorts = useMemo(() => (sort ? [sort] : []), [sort]);
  const { data, isLoading, isFetching, isError, refetch } = useTransactions({ filters, page, sorts });
  const rows = data?.list ?? [];

  // A recharge that starts or stops anywhere (a station's StopTransaction after a remote stop, a
  // close as lost) is read again at once: the list never keeps saying "running" after a stop.
  const queryClient = useQueryClient();
  const refreshRecharges = useCallback(() => void queryClient.invalidateQueries({ queryKey: transactionKeys.all }), [queryClient]);
  useLiveMessages((message) => {
    if (changesRecharges(message)) refreshRecharges();
  });

  // 001 §4: a warning 3 seconds after a result of 10,000 rows or more (once per query).
  const limited = isQueryLimited(data);
  useEffect(() => {
    if (!limited) return undefined;
    const timer = setTimeout(() => message.warning(t('list.limited')), LIMIT_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [limited, filters, message, t]);

  const changeFilters = (next: FilterState) => {
    setUrl({
      ...rangeToUrl(next.range),
      station: next.chargeBoxPk,
      tag: next.userOcppTag,
      revenue: next.paymentStatus || undefined,
      page: undefined,
    });
    setSelected(new Map());
  };

  const orderOf = (key: string): SortOrder => (sort?.key === key ? sort.order : null);

  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: orderOf(key),
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
    showSorterTooltip: { title: t('columns.sortHint') },
  });

  const columns: TableColumnsType<TransactionRow> = [
    {
      ...sortable('id'),
      title: t('columns.recharge'),
      width: 96,
      render: (_, row) => <span className="tx-id">#{row.id}</span>,
    },
    {
      ...sortable('chargeBoxDescription'),
      title: t('columns.station'),
      render: (_, row) => (
        <div className="tx-two-lines">
          <span className="tx-two-lines__main tx-ellipsis" title={row.chargeBoxDescription ?? undefined}>
            {row.chargeBoxDescription || row.chargeBoxId}
          </span>
          <span className="tx-two-lines__sub">{row.chargeBoxId}</span>
        </div>
      ),
    },
    {
      ...sortable('connectorId'),
      title: t('columns.connector'),
      width: 100,
      align: 'center',
      render: (_, row) => <span className="tx-connector">{row.connectorId}</span>,
    },
    {
      ...sortable('userName'),
      title: t('columns.user'),
      width: 150,
      render: (_, row) => (
        <div className="tx-two-lines">
          <span className="tx-two-lines__main tx-ellipsis" title={row.userName ?? undefined}>
            {row.userName || '—'}
          </span>
          <code className="tx-two-lines__sub tx-code">{row.ocppIdTag}</code>
        </div>
      ),
    },
    {
      ...sortable('startTimestamp'),
      title: t('columns.startEnd'),
      width: 146,
      render: (_, row) => (
        <div className="tx-two-lines tx-period">
          <span>{formatDateTime(row.startTimestamp)}</span>
          {row.stopTimestamp ? (
            <span className="tx-two-lines__sub">{formatDateTime(row.stopTimestamp)}</span>
          ) : (
            <span className="tx-running">
              <ThunderboltOutlined aria-hidden="true" /> {t('list.running')}
            </span>
          )}
          {/* Kept in place when the recharge ends, so a stop sent from here still reports the station's answer. */}
          <StopRechargeButton recharge={row} compact onSettled={refreshRecharges} />
        </div>
      ),
    },
    { ...sortable('durationTime'), title: t('columns.duration'), width: 100, render: (_, row) => row.durationHumanReadable },
    ...(access.showNf
      ? [
          {
            key: 'nf',
            title: t('columns.nf'),
            width: 132,
            render: (_: unknown, row: TransactionRow) => (
              <InvoiceBadge
                transactionId={row.id}
                status={row.nfeStatus}
                onRetry={retryInvoice}
                onOpen={row.nfeUrl ? (pk) => void openInvoice(pk) : undefined}
              />
            ),
          },
        ]
      : []),
    ...(access.financial
      ? [
          {
            ...sortable('income'),
            title: t('columns.income'),
            width: 120,
            align: 'right' as const,
            render: (_: unknown, row: TransactionRow) => <RevenueAmount row={row} />,
          },
        ]
      : []),
    {
      ...sortable('energy'),
      title: t('columns.energy'),
      width: 136,
      align: 'right',
      render: (_, row) => <span className="tx-number">{fmt.decimal(row.energyWh / 1000, 2)}</span>,
    },
  ];

  const onTableChange: TableProps<TransactionRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const clicked = Array.isArray(sorter) ? sorter[0] : sorter;
    // The table names no column when its own cycle ends (asc → none): the sorted column was clicked.
    const key = clicked?.columnKey ? String(clicked.columnKey) : sort?.key;
    if (!key) return;
    const next = nextSortOrder(orderOf(key));
    setUrl({ sort: next ? { key, order: next } : undefined, page: undefined });
  };

  const rowSelection: TableProps<TransactionRow>['rowSelection'] = access.canApprove
    ? {
        selectedRowKeys: [...selected.keys()],
        preserveSelectedRowKeys: true,
        columnWidth: 40,
        getTitleCheckboxProps: () => ({ 'aria-label': t('common:selectAll') }),
        getCheckboxProps: (row) => ({
          disabled: !isSelectableForApproval(row),
          'aria-label': t('list.selectRow', { id: row.id }),
        }),
        renderCell: (_checked, row, _index, node) => (isSelectableForApproval(row) ? node : null),
        onChange: (keys, chosen) => {
          setSelected((current) => {
            const next = new Map<number, TransactionRow>();
            const byId = new Map(chosen.filter(Boolean).map((row) => [row.id, row]));
            for (const key of keys) {
              const id = Number(key);
              const row = byId.get(id) ?? current.get(id);
              if (row && isSelectableForApproval(row)) next.set(id, row);
            }
            return next;
          });
        },
      }
    : undefined;

  const toggleSelected = (row: TransactionRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const selectableRows = access.canApprove ? rows.filter(isSelectableForApproval) : [];
  const selectedOnPage = selectableRows.filter((row) => selected.has(row.id)).length;
  const selectPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of selectableRows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const toggleExpanded = (id: number) =>
    setExpanded((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  /** A recharge on a phone: where (station and connector), when, how long, how much energy and money, whose; its details below. */
  const cardOf = (row: TransactionRow): RecordCardContent => {
    const open = expanded.includes(row.id);
    const running = !row.stopTimestamp;
    return {
      testId: `tx-card-${row.id}`,
      tone: access.financial ? cardTone[revenueTone(row)] : undefined,
      title: (
        <>
          {row.chargeBoxDescription || row.chargeBoxId}
          <span className="tx-card__connector">
            {' · '}
            {t('columns.connector')} {row.connectorId}
          </span>
        </>
      ),
      subtitle: (
        <>
          {t('columns.recharge')} <span className="tx-id">#{row.id}</span> · {row.chargeBoxId}
        </>
      ),
      tags: running ? (
        <Tag color="processing" icon={<ThunderboltOutlined aria-hidden="true" />}>
          {t('list.running')}
        </Tag>
      ) : undefined,
      select:
        access.canApprove && isSelectableForApproval(row) ? (
          <Checkbox
            checked={selected.has(row.id)}
            onChange={(e) => toggleSelected(row, e.target.checked)}
            aria-label={t('list.selectRow', { id: row.id })}
            data-testid={`tx-select-${row.id}`}
          />
        ) : undefined,
      facts: [
        {
          key: 'period',
          label: t('columns.startEnd'),
          value: (
            <span className="tx-two-lines tx-period" data-testid={`tx-card-period-${row.id}`}>
              <span>{formatDateTime(row.startTimestamp)}</span>
              {row.stopTimestamp ? <span className="tx-two-lines__sub">{formatDateTime(row.stopTimestamp)}</span> : null}
            </span>
          ),
        },
        { key: 'duration', label: t('columns.duration'), value: row.durationHumanReadable },
        {
          key: 'energy',
          label: t('columns.energy'),
          value: (
            <span className="tx-number" data-testid={`tx-card-energy-${row.id}`}>
              {fmt.decimal(row.energyWh / 1000, 2)}
            </span>
          ),
        },
        ...(access.financial ? [{ key: 'income', label: t('columns.income'), value: <RevenueAmount row={row} /> }] : []),
        {
          key: 'user',
          label: t('columns.user'),
          value: (
            <span className="tx-two-lines">
              <span className="tx-two-lines__main">{row.userName || '—'}</span>
              <code className="tx-two-lines__sub tx-code">{row.ocppIdTag}</code>
            </span>
          ),
        },
        ...(access.showNf
          ? [
              {
                key: 'nf',
                label: t('columns.nf'),
                value: (
                  <InvoiceBadge
                    transactionId={row.id}
                    status={row.nfeStatus}
                    onRetry={retryInvoice}
                    onOpen={row.nfeUrl ? (pk) => void openInvoice(pk) : undefined}
                  />
                ),
              },
            ]
          : []),
      ],
      actions: (
        <>
          <StopRechargeButton recharge={row} compact onSettled={refreshRecharges} />
          <RecordCardDetailsButton
            open={open}
            onToggle={() => toggleExpanded(row.id)}
            aria-label={open ? t('list.collapse', { id: row.id }) : t('list.expand', { id: row.id })}
            data-testid={`tx-expand-${row.id}`}
          >
            {t('list.details')}
          </RecordCardDetailsButton>
        </>
      ),
      details: open ? <TransactionDetailPanel row={row} access={access} onRetryInvoice={retryInvoice} /> : undefined,
    };
  };

  const pager = (
    <TransactionPager
      page={page}
      pageSize={TRANSACTION_PAGE_SIZE}
      total={data?.count ?? 0}
      onChange={(next) => setUrl({ page: next === 1 ? undefined : next })}
      disabled={isFetching}
    />
  );

  const showEmpty = !isLoading && !isError && data && data.list.length === 0;

  return (
    <TransactionsScope>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <div className="page-actions">
            <TransactionsExcelButton filters={filters} disabled={access.optionsDisabled} />
            {access.canApprove ? <ApproveTransactions selected={[...selected.values()]} onDone={() => setSelected(new Map())} /> : null}
          </div>
        }
      />
      <Card variant="borderless" className="section-card tx-card">
        <TransactionFilterBar
          value={filterState}
          onChange={changeFilters}
          onSearch={setSearchText}
          rangeError={settings.problem ? t(`filters.rangeProblem.${settings.problem}`) : undefined}
          financial={access.financial}
          optionsDisabled={access.optionsDisabled}
        />
        <div className="tx-meta">
          <Typography.Text type="secondary" aria-live="polite" data-testid="tx-count">
            {data
              ? limited
                ? t('list.countLimited', { n: fmt.integer(TRANSACTION_QUERY_CAP) })
                : t(data.count === 1 ? 'list.countOne' : 'list.countMany', { n: fmt.integer(data.count) })
              : '\u00a0'}
          </Typography.Text>
          {phone && selectableRows.length > 0 ? (
            <Checkbox
              checked={selectedOnPage === selectableRows.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < selectableRows.length}
              onChange={(e) => selectPage(e.target.checked)}
              data-testid="tx-select-page"
            >
              {t('common:selectAll')}
            </Checkbox>
          ) : null}
          {selected.size > 0 ? (
            <span className="tx-selection" aria-live="polite" data-testid="tx-selection">
              <strong>{t(selected.size === 1 ? 'list.selectedOne' : 'list.selectedMany', { n: selected.size })}</strong>
              <Button type="link" size="small" onClick={() => setSelected(new Map())}>
                {t('list.clearSelection')}
              </Button>
            </span>
          ) : null}
          {access.financial ? (
            <ul className="tx-legend" aria-label={t('legend.label')}>
              {(['paid', 'unpaid', 'info'] as const).map((tone) => (
                <li key={tone} className={`tx-legend__item tx-legend__item--${tone}`}>
                  <span className="tx-revenue__dot" aria-hidden="true" />
                  {t(`legend.${tone}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {isError ? (
          <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void refetch()} className="tx-error" />
        ) : null}
        {showEmpty ? (
          <TransactionsEmpty
            onClear={() => {
              setSearchText('');
              setUrl({
                search: undefined,
                from: undefined,
                to: undefined,
                station: undefined,
                tag: undefined,
                revenue: undefined,
                page: undefined,
                sort: undefined,
              });
              setSelected(new Map());
            }}
          />
        ) : phone ? (
          isError ? null : isLoading || (isFetching && !data) ? (
            <Skeleton active paragraph={{ rows: 6 }} title={false} />
          ) : (
            <RecordCards<TransactionRow>
              items={rows}
              itemKey={(row) => row.id}
              label={t('list.tableLabel')}
              render={cardOf}
              busy={isFetching}
              footer={pager}
              data-testid="tx-cards"
            />
          )
        ) : (
          <>
            <Table<TransactionRow>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={isLoading || (isFetching && !data)}
              pagination={false}
              onChange={onTableChange}
              rowSelection={rowSelection}
              aria-label={t('list.tableLabel')}
              expandable={{
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
                expandRowByClick: true,
                fixed: 'left',
                columnWidth: 40,
                expandedRowRender: (row) => <TransactionDetailPanel row={row} access={access} onRetryInvoice={retryInvoice} />,
                expandIcon: ({ expanded: open, record, onExpand }) => (
                  <Button
                    type="text"
                    size="small"
                    className="tx-expand"
                    icon={open ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
                    aria-expanded={open}
                    aria-label={open ? t('list.collapse', { id: record.id }) : t('list.expand', { id: record.id })}
                    onClick={(e) => onExpand(record, e)}
                    data-testid={`tx-expand-${record.id}`}
                  />
                ),
              }}
              rowClassName={(row) => (isFetching ? 'tx-row tx-row--stale' : `tx-row tx-row--${row.revenueStatus.toLowerCase()}`)}
              scroll={{ x: 1180 }}
              tableLayout="fixed"
              size="middle"
              className="tx-table"
              data-testid="tx-table"
            />
            {pager}
          </>
        )}
      </Card>
    </TransactionsScope>
  );
}
