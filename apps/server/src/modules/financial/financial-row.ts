import { financialResendableNfeStatuses, type FinancialTransaction } from '@recarga/contracts/financial';
import { displayPaymentStatus, financialInvoiceStatus } from '@recarga/contracts/payments';
import { formatMoney } from '../../platform/format';
import type { MovementRow } from './repository';

const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * A ledger row as the screen shows it (000 §3 Financial transaction). The composition is the price
 * stored when the recharge was billed (transaction_billing), never recomputed; deposits and idle
 * payments have none.
 */
export function toFinancialRow(r: MovementRow): FinancialTransaction {
  const currency = r.currency.trim();
  const money = (minor: number) => formatMoney(minor, currency);
  const amount = Number(r.amount);
  const refunded = Number(r.refunded_amount);
  const available = amount - refunded;
  const status = displayPaymentStatus(r.payment_status, refunded)!;
  const nfeStatus = financialInvoiceStatus(r.invoice_state);
  const composition =
    r.total === null || r.total === undefined
      ? null
      : {
          startFee: Number(r.start_fee),
          energy: Number(r.energy_amount),
          operationalFee: Number(r.operational_fee),
          voucherDiscount: Number(r.voucher_discount),
          tax: Number(r.tax),
          total: Number(r.total),
          energyWh: Number(r.energy_wh),
        };
  return {
    movementPk: Number(r.movement_pk),
    transactionPk: num(r.transaction_pk),
    targetType: r.target_type,
    isIdlePayment: r.is_idle_payment,
    userPk: num(r.user_pk),
    userFirstName: r.first_name ?? null,
    userLastName: r.last_name ?? null,
    userEmail: r.email ?? null,
    idTag: r.id_tag ?? null,
    paymentStatus: status,
    paymentStatusDetail: r.payment_status_detail,
    paymentType: r.payment_type,
    voucherUnitPk: num(r.voucher_unit_pk),
    createdTimestamp: iso(r.created_at)!,
    paidTimestamp: iso(r.paid_at),
    stopTimestamp: iso(r.stop_timestamp),
    paymentTransactionAmount: amount,
    paymentTransactionAmountRefunded: refunded,
    paymentTransactionAmountAvailable: available,
    paymentTransactionAmountHumanReadable: money(amount),
    paymentTransactionAmountRefundedHumanReadable: money(refunded),
    paymentTransactionAmountAvailableHumanReadable: money(available),
    tenantPk: r.tenant_pk,
    tenantName: r.tenant_name,
    tenantAlias: r.tenant_alias,
    tenantLogoUrl: r.tenant_logo_url,
    chargeBoxId: r.charge_box_id ?? null,
    chargeBoxDescription: r.charge_box_description ?? null,
    nfeStatus,
    nfeUrls: r.invoice_state === 'AUTHORIZED' && r.transaction_pk !== null ? [`/api/nfe/${r.transaction_pk}/pdf`] : [],
    energyCostHumanReadable: composition ? money(composition.energy) : null,
    taxIncomeHumanReadable: composition ? money(composition.operationalFee) : null,
    moneyVoucherHumanReadable: composition ? money(composition.voucherDiscount) : null,
    moneyPerTransactionIncomeHumanReadable: composition ? money(composition.startFee) : null,
    composition,
    moneyCoin: currency,
    // A recharge a voucher paid in full (amount 0) is refundable too: its refund gives the voucher back.
    refundable: r.payment_status === 'approved' && (available > 0 || r.payment_type === 'VOUCHER'),
    nfeResendable:
      r.target_type === 'TRANSACTION' &&
      !r.is_idle_payment &&
      nfeStatus !== null &&
      (financialResendableNfeStatuses as readonly string[]).includes(nfeStatus),
  };
}
