import dayjs, { type Dayjs } from 'dayjs';
import {
  FINANCIAL_PAGE_SIZE,
  financialOrders,
  financialTabs,
  type FinancialSort,
  type FinancialTab,
} from '@recarga/contracts/financial-constants';
import { dayParam, intParam, oneOfParam, textParam, type UrlValues } from '../../../lib/url-state';
import { dayText, defaultPeriod, periodFromDays, periodProblem, type Period, type PeriodProblem } from './period';

export type FinancialOrder = keyof typeof financialOrders;
const orders = Object.keys(financialOrders) as FinancialOrder[];

/**
 * The screen's settings in the address, so that a reload, back and a shared link open the same
 * list: `/financial?tab=recharges&from=2026-10-01&to=2026-10-31&order=financialMovement&tenant=…&box=MOVE-SP-001&search=…&page=2`.
 */
export const financialUrlCodecs = {
  tab: oneOfParam<FinancialTab>(financialTabs),
  from: dayParam,
  to: dayParam,
  order: oneOfParam<FinancialOrder>(orders),
  /** A tenant's api key; absent = all tenants. */
  tenant: textParam,
  /** A charge box's OCPP identity; absent = all. */
  box: textParam,
  search: textParam,
  page: intParam(1),
};
export type FinancialUrl = UrlValues<typeof financialUrlCodecs>;

/** The filters the Filter button applies (the tab and the page are not filters). */
export interface FinancialFilters {
  period: Period;
  order: FinancialOrder;
  tenantApiKey?: string;
  chargeBoxId?: string;
  search: string;
}

export interface FinancialSettings {
  tab: FinancialTab;
  /** The filters as the address asks for them (shown in the filter bar). */
  filters: FinancialFilters;
  /** Why the period asked for is not queried (the default period is queried instead). */
  problem: PeriodProblem | null;
  /** The period queried. */
  queryPeriod: Period;
  /** One-based. */
  page: number;
}

export function settingsFromUrl(url: FinancialUrl, now: Dayjs = dayjs()): FinancialSettings {
  const period = periodFromDays(url.from, url.to, now);
  const problem = periodProblem(period, now);
  return {
    tab: url.tab ?? 'all',
    filters: {
      period,
      order: url.order ?? 'chronological',
      tenantApiKey: url.tenant || undefined,
      chargeBoxId: url.box || undefined,
      search: url.search ?? '',
    },
    problem,
    queryPeriod: problem ? defaultPeriod(now) : period,
    page: url.page ?? 1,
  };
}

/** The address of applied filters: defaults are left out (the default period moves with the days). */
export function filtersToUrl(filters: FinancialFilters, now: Dayjs = dayjs()): FinancialUrl {
  const [from, to] = defaultPeriod(now);
  const isDefault = dayText(filters.period[0]) === dayText(from) && dayText(filters.period[1]) === dayText(to);
  return {
    from: isDefault ? undefined : dayText(filters.period[0]),
    to: isDefault ? undefined : dayText(filters.period[1]),
    order: filters.order === 'chronological' ? undefined : filters.order,
    tenant: filters.tenantApiKey,
    box: filters.chargeBoxId,
    search: filters.search.trim() || undefined,
    page: undefined,
  };
}

/** The query of the lists, the summary and the Excel file (000 §7). */
export interface FinancialQueryParams {
  [key: string]: string | number | boolean | undefined;
  page: number;
  size: number;
  startDate: string;
  endDate: string;
  timeZone: string;
  sort: FinancialSort;
  userEmailOrTransactionId?: string;
  chargeBoxId?: string;
  tenantApiKey?: string;
  searchTenantChildren: true;
}

/**
 * The gateway query: zero-based page, 10 rows, whole local days in the browser's time zone, the
 * order's sort (paidTimestamp,DESC for order by financial movement, else createdTimestamp,DESC;
 * the summary asks ASC of the same time, 000 §7), child tenants included.
 */
export function gatewayQuery(
  settings: Pick<FinancialSettings, 'filters' | 'queryPeriod' | 'page'>,
  timeZone: string,
  options: { summary?: boolean } = {},
): FinancialQueryParams {
  const sort = financialOrders[settings.filters.order];
  const search = settings.filters.search.trim();
  return {
    page: Math.max(0, settings.page - 1),
    size: FINANCIAL_PAGE_SIZE,
    startDate: dayText(settings.queryPeriod[0]),
    endDate: dayText(settings.queryPeriod[1]),
    timeZone,
    sort: options.summary ? (sort.replace(',DESC', ',ASC') as FinancialSort) : sort,
    userEmailOrTransactionId: search || undefined,
    chargeBoxId: settings.filters.chargeBoxId,
    tenantApiKey: settings.filters.tenantApiKey,
    searchTenantChildren: true,
  };
}
