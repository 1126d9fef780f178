import { roles } from '@recarga/contracts/permissions';
import { financialInvoiceStatus, transactionInvoiceStatus, type PaymentType } from '@recarga/contracts/payments';
import { IDLE_CANCEL_MIN_MINUTES, incomeFields, revenueStatusOf, type TransactionRow } from '@recarga/contracts/transactions';
import type { RequestContext } from '../../platform/auth/context';
import { autonomyKm, formatDuration, formatKwh, formatMoney } from '../../platform/format';
import type * as repo from './repository';

/** How a recharge is shown on the transactions screen: its row, with income fields only for those who may see them. */

/** A recharge's idle payment can be cancelled only past this idle time (001). */
export const IDLE_CANCEL_MIN_SECONDS = IDLE_CANCEL_MIN_MINUTES * 60;

export const isoOf = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());

/** The caller sees income fields: role DASH_FINANCIAL_INDICATORS and the invoice or payment capability (001 §6). */
export function showsIncome(ctx: RequestContext): boolean {
  const r = ctx.user.roles;
  return r.has(roles.financialIndicators) && (r.has(roles.invoice) || r.has(roles.paymentApproval));
}

/** A transaction's row of the list (and of the detail, the export and the payment answers). */
export function toRow(r: repo.TransactionRowData, income: boolean): TransactionRow {
  const currency = (r.billing_currency ?? r.station_currency).trim();
  const money = (v: number) => formatMoney(v, currency);
  const priced = r.billed !== null;
  const total = priced ? Number(r.total) : 0;
  const hasPayment = priced ? Boolean(r.has_payment) : false;
  const paidAt = isoOf(r.paid_at);
  const paidError =
    r.payment_status === 'approved' && r.paid_at
      ? 'NoError'
      : r.payment_status === 'rejected'
        ? (r.payment_status_detail ?? 'Rejected')
        : null;
  const revenueStatus = revenueStatusOf({
    hasPayment,
    income: total,
    paidTimestamp: paidAt,
    paidError,
    paymentStatus: r.payment_status ?? null,
  });
  const idleSeconds = Number(r.idle_seconds ?? 0);
  const idleAmount = Number(r.idle_amount ?? 0);
  const idleCanceled = r.idle_canceled_at !== null && r.idle_canceled_at !== undefined;
  const energyWh = Math.round(Number(r.energy_wh));
  const transactionAmount = r.movement_amount === null || r.movement_amount === undefined ? null : Number(r.movement_amount);
  const row: TransactionRow = {
    id: r.transaction_pk,
    chargeBoxDescription: r.charge_box_description,
    chargeBoxId: r.charge_box_id,
    chargeBoxPk: r.charge_box_pk,
    connectorId: r.connector_id,
    connectorPk: r.connector_pk,
    userName: r.user_name,
    ocppIdTag: r.id_tag,
    userTenantAlias: r.user_tenant_alias ?? null,
    stationTenantAlias: r.station_tenant_alias,
    startTimestamp: isoOf(r.start_timestamp)!,
    stopTimestamp: isoOf(r.stop_timestamp),
    durationHumanReadable: formatDuration(Number(r.duration_seconds)),
    durationTime: Number(r.duration_seconds),
    nfeStatus: transactionInvoiceStatus(r.invoice_state),
    nfeStatusFinancial: financialInvoiceStatus(r.invoice_state),
    nfeUrl: r.invoice_state === 'AUTHORIZED' ? `/api/nfe/${r.transaction_pk}/pdf` : null,
    paymentType: (r.payment_type as PaymentType | null) ?? null,
    voucherUnitPk: r.voucher_unit_pk ?? null,
    transactionAmount,
    transactionAmountHumanReadable: transactionAmount === null ? null : money(transactionAmount),
    income: total,
    incomeHumanReadable: money(total),
    energyWh,
    energyHumanReadable: formatKwh(energyWh, currency),
    hasPayment,
    isPaid: revenueStatus === 'PAID',
    revenueStatus,
    paymentStatus: r.payment_status ?? null,
    paidTimestamp: paidAt,
    paidError,
    priced,
    autonomy: autonomyKm(energyWh),
    stopReason: r.stop_reason,
    stopEventActor: r.stop_event_actor,
    closedBy: r.stop_event_actor === 'operator' ? r.closed_by : null,
    closedAt: r.stop_event_actor === 'operator' ? isoOf(r.received_stop_at) : null,
    stationOnline: Boolean(r.station_online),
    feedbackStars: null,
    feedbackDescription: null,
    idleDuration: idleSeconds,
    idleDurationHumanReadable: formatDuration(idleSeconds),
    moneyIdlePaymentTransactionAmount: idleAmount,
    moneyIdlePaymentTransactionAmountHumanReadable: money(idleAmount),
    idlePaymentCanceled: idleCanceled,
    canCancelIdlePayment:
      Boolean(r.idle_final) &&
      idleSeconds > IDLE_CANCEL_MIN_SECONDS &&
      idleAmount > 0 &&
      !idleCanceled &&
      !['approved', 'refunded', 'charged_back', 'in_process'].includes(r.idle_payment_status ?? ''),
    currency,
  };
  if (!income) for (const k of incomeFields) delete (row as Record<string, unknown>)[k];
  return row;
}
