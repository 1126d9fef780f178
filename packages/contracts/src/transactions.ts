import { z } from 'zod';
import { emptyToUndefined, queryId, queryText, queryTimeZone, INT4_MAX } from './query';
import { paymentStatusSchema, paymentTypeSchema, transactionInvoiceStatuses, financialInvoiceStatuses } from './payments';

/**
 * Transactions (recharges): list, detail, Excel exports, manual payment approval, idle payment
 * cancel, invoice resend, payment types (001 §2–§9). Paths under /api/, trailing slash tolerated.
 *
 * Units: money in minor units (integers) of the *station tenant's* currency, with a
 * `…HumanReadable` text formatted for that currency (pt-BR BRL, es-CO COP, es-EC USD);
 * energy in Wh; durations in seconds; power in W; timestamps ISO 8601 UTC.
 */

// ---------------------------------------------------------------------------------------------
// Constants (001 §5, §9) and texts (001 §8)

export const TRANSACTION_PAGE_SIZE = 10;
/** The list, its count and the Excel export stop at this many rows. */
export const TRANSACTION_QUERY_CAP = 10_000;
/** The date range must be shorter than this many days. */
export const TRANSACTION_MAX_RANGE_DAYS = 365;
/** Idle payment may be cancelled only when the idle time exceeds this many minutes. */
export const IDLE_CANCEL_MIN_MINUTES = 20;
/** Meter-values download refused for transactions longer than this many hours. */
export const METER_VALUES_MAX_HOURS = 5;

export const transactionMessages = {
  mustSelect: 'Must select at least one transaction to perform action!',
  confirmSuccess: 'Payments successfully confirmed!',
  confirmError: 'Error when trying to confirm payments!',
  idleCanceled: 'Idle payment canceled successfully!',
  idleCancelFailed: 'Failed to cancel idle payment.',
  idleCancelError: 'An error occurred while canceling the payment.',
  invoiceResent: 'Invoice resent successfully!',
  invoiceResendError: 'Error resending invoice!',
  invoiceErrorDialog: 'Oops! It seems that something went wrong when issuing the invoice. Do you want to try again?',
  limited: 'The query is limited to 10,000 transactions!',
  fileTooLarge: 'Arquivo excede tamanho máximo permitido! Por favor entre em contato com o suporte.',
  disabledOption: 'Campo temporariamente desativado',
  noRecords: 'There are no transaction records',
  closedAsLost: 'The recharge was closed as lost.',
  notOpen: 'This recharge is not open any more.',
  stationOnline: 'The station is online: stop the recharge instead of closing it as lost.',
} as const;

/** The stop reason stored for a recharge an operator closed as lost. */
export const LOST_STOP_REASON = 'Lost';

/** POST transaction/{id}/close-lost: the recharge as it is now closed (again, for a repeated call). */

// ---------------------------------------------------------------------------------------------
// Query helpers

/** Revenue status (001 §4): PAID, UNPAID or PRICELESS (no payment or zero income). '' = all. */
export const revenueStatuses = ['PAID', 'UNPAID', 'PRICELESS'] as const;
export type RevenueStatus = (typeof revenueStatuses)[number];

/**
 * Sort keys of `headerOrderList` ('key:direction' pairs joined by ';', direction asc|desc,
 * e.g. 'startTimestamp:desc;id:asc'). Default 'startTimestamp:desc'. Keys tied are ordered by
 * id desc. `income`/`transactionAmount` need the role DASH_FINANCIAL_INDICATORS (else 400).
 */
export const transactionSortKeys = [
  'id',
  'chargeBoxDescription',
  'chargeBoxId',
  'connectorId',
  'userName',
  'ocppIdTag',
  'startTimestamp',
  'stopTimestamp',
  'durationTime',
  'energy',
  'income',
  'transactionAmount',
  'paidTimestamp',
  'idleDuration',
] as const;
export type TransactionSortKey = (typeof transactionSortKeys)[number];

/**
 * Filters shared by the list and the Excel export. Dates: 'YYYY-MM-DD' (a whole local day in
 * the time zone; toDate included) or an ISO instant. Default: start of the day two days ago to
 * the end of today. The range must be under 365 days and may not end after today (400 with
 * `fields.fromDate`/`fields.toDate`). Time zone: `timeZone` (IANA), else the X-Timezone-Offset
 * header (minutes, as `Date.getTimezoneOffset()` gives: 180 for Brasília), else UTC.
 */
export const transactionFilterSchema = z.object({
  chargeBoxPK: queryId,
  /** Alias of chargeBoxPK. */
  chargeBoxPk: queryId,
  /** Tag filter (exact, case-insensitive). Refused (403) with DASH_DISABLE_TRANSACTION_OPTIONS. */
  userOcppTag: queryText(20),
  /** Alias of userOcppTag (the Excel call's name). */
  ocppUserTag: queryText(20),
  fromDate: queryText(40),
  toDate: queryText(40),
  timeZone: queryTimeZone,
  paymentStatus: z.preprocess(emptyToUndefined, z.enum(revenueStatuses).optional()),
  /** A recharge id (digits) or a part of the station's name / ChargeBox ID. */
  searchInput: queryText(100),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const transactionListQuerySchema = transactionFilterSchema.extend({
  headerOrderList: queryText(400),
  /** One-based page. */
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
  /** Default 10, at most 100. */
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// List row (001 §3 Transaction)

/**
 * Fields removed by the server (absent from the JSON, not null) unless the caller holds the
 * role DASH_FINANCIAL_INDICATORS; and also removed when the caller holds neither the invoice
 * capability (DASH_INVOICE) nor the payment capability (DASH_PAYMENT_APPROVAL).
 */
export const incomeFields = [
  'income',
  'incomeHumanReadable',
  'transactionAmount',
  'transactionAmountHumanReadable',
  'moneyIdlePaymentTransactionAmount',
  'moneyIdlePaymentTransactionAmountHumanReadable',
  'composition',
] as const;

const transactionRowSchema = z.object({
  id: z.number().int(),
  chargeBoxDescription: z.string().nullable(),
  chargeBoxId: z.string(),
  chargeBoxPk: z.number().int().max(INT4_MAX),
  connectorId: z.number().int().max(INT4_MAX),
  connectorPk: z.number().int().max(INT4_MAX),
  userName: z.string().nullable(),
  ocppIdTag: z.string(),
  userTenantAlias: z.string().nullable(),
  stationTenantAlias: z.string(),
  startTimestamp: z.string(),
  /** Null while the recharge runs. */
  stopTimestamp: z.string().nullable(),
  /** '1h 05min', '12min', '45s'. */
  durationHumanReadable: z.string(),
  /** Seconds from start to stop (to now while running). */
  durationTime: z.number().int(),
  /** Upper-case invoice status of the list; null = none (white badge). */
  nfeStatus: z.enum(transactionInvoiceStatuses).nullable(),
  /** The same state in the financial screen's vocabulary. */
  nfeStatusFinancial: z.enum(financialInvoiceStatuses).nullable(),
  /** GET path of the invoice PDF when authorised (needs the session). */
  nfeUrl: z.string().nullable(),
  paymentType: paymentTypeSchema.nullable(),
  voucherUnitPk: z.number().int().max(INT4_MAX).nullable(),
  /** Amount of the recharge's payment movement (minor units); null when none. */
  transactionAmount: z.number().int().nullable().optional(),
  transactionAmountHumanReadable: z.string().nullable().optional(),
  /** What the recharge earns (composition total, minor units; 0 when priceless or not priced yet). */
  income: z.number().int().optional(),
  incomeHumanReadable: z.string().optional(),
  energyWh: z.number().int(),
  /** '12,35 kWh'. */
  energyHumanReadable: z.string(),
  /** The station charged for this recharge (payment settings at pricing time). */
  hasPayment: z.boolean(),
  isPaid: z.boolean(),
  /** PAID / UNPAID / PRICELESS by 001 §4's rule (the server applies it; the web may reuse revenueStatusOf). */
  revenueStatus: z.enum(revenueStatuses),
  /** Status of the recharge's payment movement; null when none. */
  paymentStatus: paymentStatusSchema.nullable(),
  paidTimestamp: z.string().nullable(),
  /** 'NoError' when paid; the provider's reason when rejected; null otherwise. */
  paidError: z.string().nullable(),
  /** Priced (composition stored). False while running or just stopped. */
  priced: z.boolean(),
  /** Km of autonomy gained (6.5 km per kWh, 1 decimal). */
  autonomy: z.number(),
  /** OCPP's stop reason; 'Lost' when an operator closed the recharge as lost. */
  stopReason: z.string().nullable(),
  /** Who stopped it: 'station', 'central_system' (superseded by a new start) or 'operator' (closed as lost). */
  stopEventActor: z.string().nullable(),
  /** Closed as lost: the operator (name, else e-mail) and when (UTC ISO 8601); null otherwise. */
  closedBy: z.string().nullable().optional(),
  closedAt: z.string().nullable().optional(),
  /** The station has a live connection now (a running recharge can be stopped; an offline one closed as lost). */
  stationOnline: z.boolean().optional(),
  feedbackStars: z.number().int().nullable(),
  feedbackDescription: z.string().nullable(),
  /** Seconds the connector stayed occupied after charging ended (0 until measured). */
  idleDuration: z.number().int(),
  idleDurationHumanReadable: z.string(),
  /** Idle amount (minor units); 0 when there is no idle price. */
  moneyIdlePaymentTransactionAmount: z.number().int().optional(),
  moneyIdlePaymentTransactionAmountHumanReadable: z.string().optional(),
  /** The idle payment was cancelled. */
  idlePaymentCanceled: z.boolean(),
  /** Cancel Idle Payment is possible now: idle > 20 min, an idle amount exists, not cancelled, not paid. */
  canCancelIdlePayment: z.boolean(),
  currency: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const closeLostResponseSchema = z.object({
  message: z.string(),
  /** False when the recharge had already been closed as lost (a repeated or concurrent call). */
  closed: z.boolean(),
  transaction: transactionRowSchema,
});
export type CloseLostResponse = z.infer<typeof closeLostResponseSchema>;

export const transactionListResponseSchema = z.object({
  list: z.array(transactionRowSchema),
  /** Rows matching, capped at 10,000. */
  count: z.number().int(),
  /** True when the match reached the 10,000 cap (show the 3-second warning). */
  limited: z.boolean(),
  /** The range applied (after defaults), ISO instants [fromDate, toDate). */
  fromDate: z.string(),
  toDate: z.string(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** 001 §4: information (no payment or zero income) = PRICELESS; paid = paid timestamp + 'NoError' (+ approved); else UNPAID. */
export function revenueStatusOf(t: {
  hasPayment: boolean;
  income?: number | null;
  paidTimestamp: string | null;
  paidError: string | null;
  paymentStatus: string | null;
}): RevenueStatus {
  if (!t.hasPayment || !t.income) return 'PRICELESS';
  const statusOk = t.paymentStatus == null || t.paymentStatus === 'approved' || t.paymentStatus === 'authorized';
  if (t.paidTimestamp && t.paidError === 'NoError' && statusOk) return 'PAID';
  return 'UNPAID';
}

// ---------------------------------------------------------------------------------------------
// Detail (GET transaction/{id})

const meterPointSchema = z.object({ timestamp: z.string(), value: z.number() });
export type MeterPoint = z.infer<typeof meterPointSchema>;

const compositionSchema = z.object({
  startFee: z.number().int(),
  energy: z.number().int(),
  operationalFee: z.number().int(),
  voucherDiscount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  idle: z.number().int(),
  cost: z.number().int(),
  humanReadable: z.object({
    startFee: z.string(),
    energy: z.string(),
    operationalFee: z.string(),
    voucherDiscount: z.string(),
    tax: z.string(),
    total: z.string(),
    idle: z.string(),
    cost: z.string(),
  }),
  /** The tariff used (snapshot at pricing time): minor units per kWh / minute / recharge; fractions. */
  tariff: z.record(z.string(), z.unknown()),
  /**
   * Dynamic pricing (a connector of a priced virtual group): the profile and version that priced it
   * and the amounts by time-of-use segment; null for a recharge priced by the station's settings.
   */
  breakdown: z
    .object({
      profile: z.string(),
      version: z.number().int(),
      zone: z.string(),
      startFee: z.number().int(),
      reserve: z.number().int(),
      energy: z.number().int(),
      operationalFee: z.number().int(),
      tax: z.number().int(),
      total: z.number().int(),
      idlePerMinute: z.number().int().nullable(),
      segments: z.array(
        z.object({
          from: z.string(),
          to: z.string(),
          /** The rule: a weekday ('MONDAY'), a window ('MONDAY 18:00-21:00'), an exception's dates, or the station's settings ('off'). */
          rule: z.string(),
          kind: z.enum(['window', 'day', 'exception', 'off']),
          energyWh: z.number(),
          durationSec: z.number(),
          amount: z.number().int(),
          operationFee: z.number().int(),
          tax: z.number().int(),
        }),
      ),
    })
    .nullable()
    .optional(),
  pricedAt: z.string(),
});
export type Composition = z.infer<typeof compositionSchema>;

const transactionPaymentSchema = z.object({
  movementPk: z.number().int().max(INT4_MAX),
  paymentType: paymentTypeSchema,
  paymentStatus: paymentStatusSchema,
  displayStatus: z.string(),
  isIdlePayment: z.boolean(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  amountHumanReadable: z.string(),
  externalId: z.string().nullable(),
  createdTimestamp: z.string(),
  paidTimestamp: z.string().nullable(),
});

const transactionDetailSchema = transactionRowSchema.extend({
  /** Recharge composition; absent without the income permissions, null when not priced yet. */
  composition: compositionSchema.nullable().optional(),
  /** Movements of the ledger for this recharge (amounts stripped like income). */
  payments: z.array(transactionPaymentSchema).optional(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const transactionDetailResponseSchema = z.object({
  /**
   * Meter samples by measurand ('Power.Active.Import', 'Energy.Active.Import.Register', 'SoC',
   * …); samples with a phase are under '<measurand>.<phase>' (e.g. 'Current.Import.L1').
   * Values normalised to W / Wh (kW, kWh samples × 1000); others as sent.
   */
  values: z.record(z.string(), z.array(meterPointSchema)),
  /** Unit of each key of `values` (W, Wh, A, V, Percent, …). */
  units: z.record(z.string(), z.string()),
  transaction: transactionDetailSchema,
});
export type TransactionDetailResponse = z.infer<typeof transactionDetailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Manual approval (permission /transactions/{id}/payment/edit + role DASH_PAYMENT_APPROVAL)

/** POST transaction/{id}/pay. paid_timestamp default now (not in the future); payment_type default MANUAL_DASHBOARD. */
export const payBodySchema = z.object({
  paid_timestamp: z.string().max(40).nullish(),
  payment_type: paymentTypeSchema.nullish(),
  payment_external_id: z.string().max(200).nullish(),
});
export type PayBody = z.infer<typeof payBodySchema>;

/** POST transaction/confirm_payments. An empty list → 400 'Must select at least one transaction to perform action!'. */
export const confirmPaymentsBodySchema = z.object({
  transaction_pks: z.array(z.number().int().positive()).max(10_000).nullish(),
  paid_timestamp: z.string().max(40).nullish(),
  payment_type: paymentTypeSchema.nullish(),
});
export type ConfirmPaymentsBody = z.infer<typeof confirmPaymentsBodySchema>;

export const payResponseSchema = z.object({ message: z.string(), transaction: transactionRowSchema });
export const confirmPaymentsResponseSchema = z.object({ message: z.string(), transaction_pks: z.array(z.number().int()) });

/**
 * POST nfe/resend: the transaction pk as the JSON body (`123`), or `{transactionPk}` /
 * `{transaction_pk}`. Answers the new state.
 */
export const nfeResendBodySchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/),
  z.object({ transactionPk: z.number().int().positive() }),
  z.object({ transaction_pk: z.number().int().positive() }),
]);
export const nfeResendResponseSchema = z.object({
  message: z.string(),
  nfeStatus: z.enum(transactionInvoiceStatuses).nullable(),
  nfeStatusFinancial: z.enum(financialInvoiceStatuses).nullable(),
});

/** GET payment/types. */
export const paymentTypesResponseSchema = z.object({ payment_type_tenant_list: z.array(z.object({ payment_type: paymentTypeSchema })) });
export type PaymentTypesResponse = z.infer<typeof paymentTypesResponseSchema>;

/**
 * POST transaction/{id}/checkout — the driver's app pays its own recharge (or an operator with
 * the payment capability triggers it): WALLET debits the balance; SANDBOX_CARD (or a configured
 * provider's type) charges `card_token` through the provider. `idle: true` pays the idle amount.
 */
export const checkoutBodySchema = z.object({
  payment_type: paymentTypeSchema,
  card_token: z.string().max(200).nullish(),
  idle: z.boolean().nullish(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({
  movementPk: z.number().int().max(INT4_MAX),
  paymentStatus: paymentStatusSchema,
  paymentStatusDetail: z.string().nullable(),
  amount: z.number().int(),
});
