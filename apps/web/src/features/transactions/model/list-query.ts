import type { RevenueStatus } from '@recarga/contracts/transactions';
import type { QueryValue } from '../../../lib/api-client';
import { buildHeaderOrderList, type ColumnSort } from './sorting';

/** The filters of the transaction screen, shared by the list and the Excel export. */
export interface TransactionFilters {
  /** ISO instants: start of the first day, end of the last day. */
  fromDate: string;
  toDate: string;
  chargeBoxPk?: number;
  userOcppTag?: string;
  /** '' or undefined = all. Sent only to callers with DASH_FINANCIAL_INDICATORS. */
  paymentStatus?: RevenueStatus | '';
  searchInput?: string;
  timeZone: string;
}

function common(f: TransactionFilters) {
  return {
    fromDate: f.fromDate,
    toDate: f.toDate,
    paymentStatus: f.paymentStatus || undefined,
    searchInput: f.searchInput?.trim() || undefined,
    timeZone: f.timeZone,
  };
}

/** Query of the list call (001 §7: chargeBoxPk, userOcppTag, fromDate, toDate, paymentStatus, searchInput, headerOrderList, page, size). */
export function listQuery(f: TransactionFilters, page: number, size: number, sorts: readonly ColumnSort[]): Record<string, QueryValue> {
  return {
    chargeBoxPk: f.chargeBoxPk,
    userOcppTag: f.userOcppTag?.trim() || undefined,
    ...common(f),
    headerOrderList: buildHeaderOrderList(sorts),
    page,
    size,
  };
}

/** Query of the Excel export (001 §7: chargeBoxPK, fromDate, toDate, ocppUserTag, paymentStatus, searchInput, timeZone). */
export function excelQuery(f: TransactionFilters): Record<string, QueryValue> {
  return {
    chargeBoxPK: f.chargeBoxPk,
    ocppUserTag: f.userOcppTag?.trim() || undefined,
    ...common(f),
  };
}
