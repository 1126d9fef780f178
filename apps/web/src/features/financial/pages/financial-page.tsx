import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Tabs } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { financialTabs, type FinancialTab } from '@recarga/contracts/financial-constants';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { useUrlState } from '../../../lib/url-state';
import { useFinancialMovements } from '../api/get-financial-movements';
import { useFinancialSummary } from '../api/get-financial-summary';
import { useRefreshFinancial } from '../api/refresh-financial';
import { useExcelDownload } from '../components/excel-download';
import { FinancialFilters } from '../components/financial-filters';
import { MovementsTable } from '../components/movements-table';
import { SelectionFooter } from '../components/selection-footer';
import { SummaryCards } from '../components/summary-cards';
import { filtersToUrl, financialUrlCodecs, gatewayQuery, settingsFromUrl, type FinancialFilters as Filters } from '../model/list-settings';
import { refreshSelection, selectionTotals, toggleSelection } from '../model/selection-totals';
import '../financial.css';

// The drawer and its refund dialog load when a movement is first opened.
const MovementDrawer = lazy(() => import('../components/movement-drawer').then((m) => ({ default: m.MovementDrawer })));

/** 000 §4, §9: the list and the drawer refresh 2 seconds after a refund. */
const REFRESH_DELAY_MS = 2000;

type Row = FinancialTransaction;

/**
 * /financial — financial movements (000 §2): three tabs (all, recharges, deposits) over the same
 * filters, the all-movements summary cards, a 10-row table with row checkboxes and the selection
 * footer, the detail drawer with refund and invoice resend, and the Excel download.
 */
export function FinancialPage() {
  const { t } = useTranslation('financial');
  const [url, setUrl] = useUrlState(financialUrlCodecs);
  const settings = useMemo(() => settingsFromUrl(url), [url]);
  const { tab, filters, problem, page } = settings;
  const timeZone = browserTimeZone();
  const query = useMemo(() => gatewayQuery(settings, timeZone), [settings, timeZone]);
  const summaryQuery = useMemo(() => gatewayQuery({ ...settings, page: 1 }, timeZone, { summary: true }), [settings, timeZone]);
  const list = useFinancialMovements(tab, query);
  const summary = useFinancialSummary(summaryQuery, tab === 'all');
  const excel = useExcelDownload(query);
  const refresh = useRefreshFinancial();

  const rows = useMemo(() => list.data?.content ?? [], [list.data]);
  const [chosen, setChosen] = useState<Map<number, Row>>(new Map());
  // A selected row that comes back with a new status (after a refund) counts with its new status.
  const selected = useMemo(() => refreshSelection(chosen, rows), [chosen, rows]);
  const totals = useMemo(() => selectionTotals(selected.values()), [selected]);
  const [drawer, setDrawer] = useState<{ row: Row; open: boolean } | null>(null);

  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const refreshLater = useCallback(
    (movementPk: number) => {
      timers.current.push(window.setTimeout(() => refresh(movementPk), REFRESH_DELAY_MS));
    },
    [refresh],
  );

  const apply = (next: Filters) => {
    setUrl(filtersToUrl(next));
    setChosen(new Map());
    // The same filters again is a reload.
    if (JSON.stringify(filtersToUrl(next)) === JSON.stringify(filtersToUrl(filters))) refresh();
  };
  const retry = () => {
    void list.refetch();
    if (tab === 'all') void summary.refetch();
  };

  const empty = !!list.data && !list.isError && list.data.content.length === 0;
  const filterKey = JSON.stringify(filtersToUrl(filters));

  const body = (
    <>
      {tab !== 'all' ? null : summary.isError ? (
        list.isError ? null : (
          <LoadError
            title={t('summary.loadError')}
            retryText={t('table.retry')}
            onRetry={() => void summary.refetch()}
            className="fin-error"
          />
        )
      ) : (
        <SummaryCards summary={summary.data} loading={summary.isLoading} />
      )}
      {list.isError ? (
        <LoadError title={t('table.loadError')} retryText={t('table.retry')} onRetry={retry} className="fin-error" />
      ) : empty ? (
        <EmptyState icon={<InboxOutlined />} title={t('messages.empty')} text={t('table.emptyHint')} data-testid="fin-empty" />
      ) : (
        <MovementsTable
          tab={tab}
          order={filters.order}
          rows={rows}
          total={list.data?.totalElements ?? 0}
          page={page}
          loading={list.isLoading}
          stale={list.isPlaceholderData}
          selected={selected}
          onSelect={(row, on) => setChosen((current) => toggleSelection(refreshSelection(current, rows), row, on))}
          onOpen={(row) => setDrawer({ row, open: true })}
          onPage={(next) => setUrl({ page: next === 1 ? undefined : next })}
        />
      )}
    </>
  );

  return (
    <div className="fin-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} extra={<div className="page-actions">{excel.button}</div>} />
      {excel.panel}
      <Card variant="borderless" className="section-card fin-card-shell">
        <FinancialFilters key={filterKey} applied={filters} appliedProblem={problem} onApply={apply} />
        <Tabs
          activeKey={tab}
          onChange={(key) => setUrl({ tab: key === 'all' ? undefined : (key as FinancialTab), page: undefined })}
          items={financialTabs.map((key) => ({
            key,
            label:
              key === 'all' ? (
                <>
                  <span className="fin-tab-long">{t('tabs.all')}</span>
                  <span className="fin-tab-short">{t('tabs.allShort')}</span>
                </>
              ) : (
                t(`tabs.${key}`)
              ),
            children: key === tab ? body : null,
          }))}
          className="fin-tabs"
          data-testid="fin-tabs"
        />
      </Card>
      <SelectionFooter totals={totals} onClear={() => setChosen(new Map())} />
      {drawer ? (
        <Suspense fallback={null}>
          <MovementDrawer
            key={drawer.row.movementPk}
            row={drawer.row}
            open={drawer.open}
            onClose={() => setDrawer({ ...drawer, open: false })}
            onChanged={refreshLater}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
