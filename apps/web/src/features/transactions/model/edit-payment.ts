import { revenueTone, type RevenueFields } from './revenue-status';

/**
 * Edit Payment is offered (001 §2) when income > 0, the recharge has a payment and it is not paid.
 * Without DASH_FINANCIAL_INDICATORS the income is stripped; the server's UNPAID verdict (which
 * implies income > 0) then decides.
 */
export function canEditPayment(row: RevenueFields): boolean {
  if (!row.hasPayment) return false;
  if (typeof row.income === 'number' && row.income <= 0) return false;
  return revenueTone(row) === 'unpaid';
}
