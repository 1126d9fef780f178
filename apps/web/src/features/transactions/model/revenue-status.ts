/**
 * Revenue state of a recharge (001 §4 Transactions):
 * - `info`: no payment on the recharge, or zero income (information colour);
 * - `paid`: a paid timestamp with paidError 'NoError' and, when a payment status exists, approved or authorized;
 * - `unpaid`: anything else. Only these rows can be approved in bulk.
 */
type RevenueTone = 'info' | 'paid' | 'unpaid';

export interface RevenueFields {
  hasPayment?: boolean | null;
  /** Income in minor units; absent when the caller may not see income. */
  income?: number | null;
  paidTimestamp?: string | null;
  paidError?: string | null;
  paymentStatus?: string | null;
  /** The server's verdict by the same rule (it knows the income even when it strips it from the row). */
  revenueStatus?: 'PAID' | 'UNPAID' | 'PRICELESS' | null;
}

const PAID_PAYMENT_STATUSES = new Set(['approved', 'authorized']);
const TONE_OF_STATUS = { PAID: 'paid', UNPAID: 'unpaid', PRICELESS: 'info' } as const;

/** True when the payment fields say paid (income aside). */
export function isPaidRecharge(row: RevenueFields): boolean {
  if (!row.paidTimestamp || row.paidError !== 'NoError') return false;
  if (row.paymentStatus === null || row.paymentStatus === undefined || row.paymentStatus === '') return true;
  return PAID_PAYMENT_STATUSES.has(row.paymentStatus.toLowerCase());
}

export function revenueTone(row: RevenueFields): RevenueTone {
  if (row.revenueStatus) return TONE_OF_STATUS[row.revenueStatus];
  if (!row.hasPayment) return 'info';
  // Income stripped (no financial indicators) is not "zero income": the payment state still decides.
  if (typeof row.income === 'number' && row.income <= 0) return 'info';
  return isPaidRecharge(row) ? 'paid' : 'unpaid';
}

/** Bulk approval selects only not-paid recharges. */
export function isSelectableForApproval(row: RevenueFields): boolean {
  return revenueTone(row) === 'unpaid';
}
