import dayjs, { type Dayjs } from 'dayjs';
import { revenueStatuses, type RevenueStatus } from '@recarga/contracts/transactions';
import { dayParam, intParam, oneOfParam, textParam, type UrlCodec, type UrlValues } from '../../../lib/url-state';
import { defaultTransactionRange, normaliseRange, rangeProblem, type DateRange, type RangeProblem } from './date-range';
import type { ColumnSort } from './sorting';

const sortParam: UrlCodec<ColumnSort> = {
  parse: (raw) => {
    const match = /^(\w{1,40})\.(asc|desc)$/.exec(raw);
    return match ? { key: match[1]!, order: match[2] === 'asc' ? 'ascend' : 'descend' } : undefined;
  },
  format: (sort) => `${sort.key}.${sort.order === 'ascend' ? 'asc' : 'desc'}`,
};

/** The transaction list's settings in the address: `/transactions?from=2026-11-01&to=2026-11-23&station=4&page=2&sort=energy.desc`. */
export const transactionUrlCodecs = {
  search: textParam,
  from: dayParam,
  to: dayParam,
  station: intParam(1),
  tag: textParam,
  revenue: oneOfParam<RevenueStatus>(revenueStatuses),
  page: intParam(1),
  sort: sortParam,
};
export type TransactionUrl = UrlValues<typeof transactionUrlCodecs>;

const day = (value: Dayjs) => value.format('YYYY-MM-DD');

export interface TransactionListSettings {
  search: string;
  /** The period the address asks for (shown in the picker). */
  range: DateRange;
  /** The period queried: the one asked for, or the default one when it breaks a rule. */
  queryRange: DateRange;
  /** Why the period asked for is not queried. */
  problem: RangeProblem | null;
  chargeBoxPk?: number;
  userOcppTag?: string;
  paymentStatus: RevenueStatus | '';
  page: number;
  sort: ColumnSort | null;
}

/** Reads the list's settings from the address; what it leaves out takes the list's defaults. */
export function settingsFromUrl(url: TransactionUrl, now: Dayjs = dayjs()): TransactionListSettings {
  const fallback = defaultTransactionRange(now);
  const asked = url.from && url.to ? normaliseRange([dayjs(url.from), dayjs(url.to)]) : fallback;
  const problem = rangeProblem(asked, now);
  return {
    search: url.search ?? '',
    range: asked,
    queryRange: problem ? fallback : asked,
    problem,
    chargeBoxPk: url.station,
    userOcppTag: url.tag,
    paymentStatus: url.revenue ?? '',
    page: url.page ?? 1,
    sort: url.sort ?? null,
  };
}

/** The address for a period: left out when it is the default one (which moves with the days). */
export function rangeToUrl(range: DateRange, now: Dayjs = dayjs()): Pick<TransactionUrl, 'from' | 'to'> {
  const [from, to] = defaultTransactionRange(now);
  if (day(range[0]) === day(from) && day(range[1]) === day(to)) return { from: undefined, to: undefined };
  return { from: day(range[0]), to: day(range[1]) };
}
