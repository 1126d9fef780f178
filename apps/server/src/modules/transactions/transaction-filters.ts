import { roles } from '@recarga/contracts/permissions';
import { transactionMessages, type TransactionFilter } from '@recarga/contracts/transactions';
import type { RequestContext } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';
import { resolveRange, zoneOf, type Zone } from './date-range';
import type * as repo from './repository';
import { transactionErrors } from './transaction-errors';

/** Headers the transactions calls read. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * The list's filters (shared by the list and its export): the date range in the caller's zone,
 * station, tag, revenue status and search; refuses the filters the caller's roles do not allow.
 */
export function transactionFilters(
  ctx: RequestContext,
  q: TransactionFilter,
  headers: RequestHeaders,
): { filters: repo.TransactionFilters; zone: Zone } {
  const tag = q.userOcppTag ?? q.ocppUserTag;
  if (tag && ctx.user.roles.has(roles.disableTransactionOptions))
    throw forbidden(transactionMessages.disabledOption, 'TRANSACTION_OPTION_DISABLED');
  if (q.paymentStatus && !ctx.user.roles.has(roles.financialIndicators))
    throw forbidden(transactionErrors.revenueFilter, 'REVENUE_FILTER_NOT_ALLOWED');
  const zone = zoneOf(q.timeZone, headers['x-timezone-offset']);
  const range = resolveRange(q.fromDate, q.toDate, zone);
  return {
    zone,
    filters: {
      ...range,
      chargeBoxPk: q.chargeBoxPK ?? q.chargeBoxPk,
      idTag: tag?.trim() || undefined,
      revenue: q.paymentStatus,
      search: q.searchInput?.trim() || undefined,
    },
  };
}
