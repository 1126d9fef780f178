import { z } from 'zod';
import { financialInvoiceStatuses, paymentTypeSchema } from './payments';
import { emptyToUndefined, INT4_MAX, queryBoolean, queryText, queryTimeZone } from './query';
import { FINANCIAL_MAX_PAGE_SIZE, FINANCIAL_PAGE_SIZE, financialSorts, IDEMPOTENCY_KEY_MAX } from './financial-constants';

// The zod-free constants, re-exported whole: screens import them from financial-constants directly.
export * from './financial-constants';

/**
 * Financial movements — the gateway financial service (000 §2, §3, §7). See financial-constants.ts
 * for the paths, the meaning of `{id}` (the movement) and the error codes.
 *
 * Money: every amount is in minor units (hundredths) of `moneyCoin`; the `…HumanReadable` texts
 * are formatted for the movement's currency (pt-BR BRL 'R$ 24,57', es-CO COP '$ 1.350,00').
 * Times are ISO instants (UTC).
 */

// ---------------------------------------------------------------------------------------------
// Query of the lists, the summary and the Excel form (000 §7)

const page = z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0));
const size = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(FINANCIAL_MAX_PAGE_SIZE).default(FINANCIAL_PAGE_SIZE));

/**
 * - `startDate`/`endDate`: 'YYYY-MM-DD' (whole local days, endDate included), a local date-time or
 *   an ISO instant; default the first of the current month to today; at most 365 days, not in the
 *   future (400 with fields.startDate / fields.endDate). The local zone: `timeZone` (IANA), else
 *   the X-Timezone-Offset header (minutes, 180 = UTC−3), else UTC.
 * - The period selects by the order's time: `createdTimestamp` (chronological order) → when the
 *   movement was created; `paidTimestamp` (order by financial movement) → when it was paid, or
 *   created for a movement not paid (pending, rejected…), which keeps every movement listed.
 * - `userEmailOrTransactionId`: digits → a movement id or a recharge id; otherwise a part of the
 *   customer's e-mail (case-insensitive).
 * - `tenantApiKey`: one tenant of the caller's networks (404 TENANT_NOT_FOUND otherwise); absent =
 *   all of them. `searchTenantChildren` (default true) adds the tenants below it.
 * - `chargeBoxId`: a station's OCPP identity (the charge-box selector's `ocppChargeBoxId`); only
 *   recharges of that station (deposits have none).
 * - `format=xlsx` (or `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`)
 *   answers the same list as an Excel file; `page`/`size` are then ignored.
 */
export const financialQuerySchema = z.object({
  page,
  size,
  startDate: queryText(40),
  endDate: queryText(40),
  timeZone: queryTimeZone,
  sort: z.preprocess(emptyToUndefined, z.enum(financialSorts).default('createdTimestamp,DESC')),
  userEmailOrTransactionId: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : emptyToUndefined(v)),
    z.string().max(254).optional(),
  ),
  chargeBoxId: queryText(100),
  tenantApiKey: queryText(100),
  searchTenantChildren: queryBoolean.default(true),
  format: z.preprocess(emptyToUndefined, z.enum(['json', 'xlsx']).optional()),
});
export type FinancialQuery = z.infer<typeof financialQuerySchema>;
export type FinancialQueryInput = z.input<typeof financialQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Row (000 §3 Financial transaction)

/** The recharge's price as it was stored when billed (never recomputed), minor units. */
export const financialCompositionSchema = z.object({
  startFee: z.number().int(),
  /** The kWh part. */
  energy: z.number().int(),
  operationalFee: z.number().int(),
  voucherDiscount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  energyWh: z.number().int(),
});
export type FinancialComposition = z.infer<typeof financialCompositionSchema>;

export const financialTransactionSchema = z.object({
  /** The movement (the `{id}` of the refund and resend calls). */
  movementPk: z.number().int().max(INT4_MAX),
  /** The recharge; null for deposits. */
  transactionPk: z.number().int().max(INT4_MAX).nullable(),
  /** TRANSACTION = Recarga, USER = Depósito. */
  targetType: z.enum(['TRANSACTION', 'USER']),
  /** The idle-time bill of a recharge (a second movement of the same recharge). */
  isIdlePayment: z.boolean(),
  userPk: z.number().int().nullable(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  userEmail: z.string().nullable(),
  idTag: z.string().nullable(),
  /** Display status: the stored one, or partial_refund when partly refunded (000 §4). */
  paymentStatus: z.enum(['approved', 'cancelled', 'charged_back', 'in_process', 'pending', 'refunded', 'rejected', 'partial_refund']),
  /** The provider's detail (reason of a rejection…). */
  paymentStatusDetail: z.string().nullable(),
  paymentType: paymentTypeSchema,
  voucherUnitPk: z.number().int().nullable(),
  createdTimestamp: z.string(),
  paidTimestamp: z.string().nullable(),
  /** The recharge's stop; null for deposits. */
  stopTimestamp: z.string().nullable(),
  /** Minor units: the amount paid (or to pay), the refunded part and what remains. */
  paymentTransactionAmount: z.number().int(),
  paymentTransactionAmountRefunded: z.number().int(),
  paymentTransactionAmountAvailable: z.number().int(),
  paymentTransactionAmountHumanReadable: z.string(),
  paymentTransactionAmountRefundedHumanReadable: z.string(),
  paymentTransactionAmountAvailableHumanReadable: z.string(),
  tenantPk: z.number().int(),
  tenantName: z.string(),
  tenantAlias: z.string(),
  tenantLogoUrl: z.string().nullable(),
  /** The station's OCPP identity and description; null for deposits. */
  chargeBoxId: z.string().nullable(),
  chargeBoxDescription: z.string().nullable(),
  nfeStatus: z.enum(financialInvoiceStatuses).nullable(),
  /** Links of the authorised invoice (PDF); empty otherwise. */
  nfeUrls: z.array(z.string()),
  /** Composition (000 §2 drawer): kWh part, operational fee, voucher discount, start fee; null without a stored price. */
  energyCostHumanReadable: z.string().nullable(),
  taxIncomeHumanReadable: z.string().nullable(),
  moneyVoucherHumanReadable: z.string().nullable(),
  moneyPerTransactionIncomeHumanReadable: z.string().nullable(),
  composition: financialCompositionSchema.nullable(),
  /** ISO currency code of every amount of the row. */
  moneyCoin: z.string(),
  /** Approved with something left: the refund button is enabled. */
  refundable: z.boolean(),
  /** The invoice can be sent again (erro_autorizacao or rejeitado). */
  nfeResendable: z.boolean(),
});
export type FinancialTransaction = z.infer<typeof financialTransactionSchema>;

export const financialPageSchema = z.object({
  content: z.array(financialTransactionSchema),
  totalElements: z.number().int(),
  /** Zero-based. */
  page: z.number().int(),
  size: z.number().int(),
});
export type FinancialPage = z.infer<typeof financialPageSchema>;

// ---------------------------------------------------------------------------------------------
// Summary (000 §3 Summary response): the all-movements cards

const currencyTotalsSchema = z.object({
  moneyCoin: z.string(),
  totalTransactions: z.number().int(),
  /** Minor units: the sum of the movements' amounts (paid or not, as the selection footer's total). */
  totalValue: z.number().int(),
  totalValueHumanReadable: z.string(),
  totalTransactionValue: z.number().int(),
  totalUserValue: z.number().int(),
  /** Approved movements, net of refunds. */
  completedValue: z.number().int(),
  /** Money refunded from the movements. */
  refundedValue: z.number().int(),
  /** Money of movements not yet paid nor refused (in_process, pending). */
  pendingValue: z.number().int(),
});

export const financialSummarySchema = z.object({
  /** Number of movements. */
  totalTransactions: z.number().int(),
  /** Same as totalTransactions (the list's count). */
  totalElements: z.number().int(),
  /** Number of recharge movements. */
  totalTransaction: z.number().int(),
  /** Number of deposits. */
  totalUser: z.number().int(),
  /** Values in `moneyCoin` (the selected tenant's currency, else the caller's tenant's); other currencies in byCurrency. */
  moneyCoin: z.string(),
  totalValue: z.number().int(),
  totalValueHumanReadable: z.string(),
  totalTransactionValue: z.number().int(),
  totalTransactionValueHumanReadable: z.string(),
  totalUserValue: z.number().int(),
  totalUserValueHumanReadable: z.string(),
  /**
   * `totalValue` split (issue 40): paid money net of refunds, money still pending, money refunded.
   * What is left of totalValue was refused or cancelled.
   */
  paidValue: z.number().int(),
  pendingValue: z.number().int(),
  refundedValue: z.number().int(),
  /** One entry per currency present (an administrator's networks may mix BRL, COP, USD). */
  byCurrency: z.array(currencyTotalsSchema),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Pickers (000 §7: GET /tenants and GET /chargeboxes with tenantApiKey and searchTenantChildren)

export const financialPickerQuerySchema = z.object({
  tenantApiKey: queryText(100),
  searchTenantChildren: queryBoolean.default(true),
  /** Charge boxes: a part of the OCPP identity or description (case- and accent-insensitive). */
  search: queryText(100),
  page,
  /** Charge boxes per page (default 50, at most 200). */
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(50)),
});
export type FinancialPickerQuery = z.infer<typeof financialPickerQuerySchema>;

export const financialTenantSchema = z.object({
  tenantPk: z.number().int(),
  name: z.string(),
  alias: z.string(),
  apiKey: z.string(),
  parentTenantPk: z.number().int().nullable(),
  moneyCoin: z.string(),
  logoUrl: z.string().nullable(),
});
export const financialTenantListSchema = z.object({ content: z.array(financialTenantSchema), totalElements: z.number().int() });
export type FinancialTenant = z.infer<typeof financialTenantSchema>;

export const financialChargeBoxSchema = z.object({
  chargeBoxPk: z.number().int(),
  /** The OCPP identity: what the lists' `chargeBoxId` filter takes. */
  ocppChargeBoxId: z.string(),
  /** The code shown to people: the OCPP identity in this product. */
  chargeBoxCode: z.string(),
  description: z.string().nullable(),
  tenantPk: z.number().int(),
});
export const financialChargeBoxPageSchema = z.object({ content: z.array(financialChargeBoxSchema), totalElements: z.number().int() });
export type FinancialChargeBox = z.infer<typeof financialChargeBoxSchema>;

// ---------------------------------------------------------------------------------------------
// Refund and invoice resend (000 §4, §5, §7, §8)

export const financialIdParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

/** `partialAmount` in hundredths (minor units); absent = refund what remains (total refund). */
export const financialRefundQuerySchema = z.object({
  partialAmount: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()),
});

/** The Idempotency-Key header: 1–100 visible ASCII characters (a UUID is a good choice). */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/, 'Visible ASCII characters only.');

export const financialRefundHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export const financialRefundResponseSchema = z.object({
  message: z.string(),
  /** The refund made (or the one an earlier request with the same key made). */
  refundPk: z.number().int(),
  /** Minor units refunded by this refund. */
  refundedAmount: z.number().int(),
  /** True when the Idempotency-Key named a refund already made: nothing new was refunded. */
  replayed: z.boolean(),
  transaction: financialTransactionSchema,
});
export type FinancialRefundResponse = z.infer<typeof financialRefundResponseSchema>;

export const financialResendResponseSchema = z.object({
  message: z.string(),
  nfeStatus: z.enum(financialInvoiceStatuses).nullable(),
});
export type FinancialResendResponse = z.infer<typeof financialResendResponseSchema>;
