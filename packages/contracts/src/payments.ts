import { z } from 'zod';
import { INT4_MAX } from './query';

/**
 * The ledger vocabulary shared by transactions, the financial movements screen, wallets and
 * vouchers (000 §3–§5, 001 §3–§4). Money is in minor units (integers) of the tenant's currency.
 */

// ---------------------------------------------------------------------------------------------
// Payment types and statuses (000 §4)

/**
 * Payment types. `SANDBOX_CARD` is the local, deterministic card provider used when no real
 * provider is configured (docs/decisions-billing.md); the others are the spec's.
 */
export const paymentTypes = [
  'MERCADO_PAGO_PRO',
  'MERCADO_PAGO_CARD',
  'MERCADO_PAGO_PIX',
  'PAGBANK_CARD',
  'PAGOS_TERPEL',
  'WALLET',
  'MANUAL_DASHBOARD',
  'VOUCHER',
  'TICKET_LOG',
  'SANDBOX_CARD',
] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentTypeSchema = z.enum(paymentTypes);

/** Stored payment statuses. */
const paymentStatuses = ['approved', 'cancelled', 'charged_back', 'in_process', 'pending', 'refunded', 'rejected'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusSchema = z.enum(paymentStatuses);

/** Statuses as displayed: the stored ones plus `partial_refund` (refunded amount > 0 and status not refunded). */
export type DisplayPaymentStatus = PaymentStatus | 'partial_refund';

export function displayPaymentStatus(
  status: PaymentStatus | null | undefined,
  refunded: number | null | undefined,
): DisplayPaymentStatus | null {
  if (!status) return null;
  if ((refunded ?? 0) > 0 && status !== 'refunded') return 'partial_refund';
  return status;
}

/** Labels of 000 §4. */
export const paymentStatusLabels: Record<DisplayPaymentStatus, string> = {
  approved: 'Pago',
  cancelled: 'Cancelado',
  charged_back: 'Estornado',
  in_process: 'Em processamento',
  pending: 'Pendente',
  refunded: 'Reembolsado',
  rejected: 'Rejeitado',
  partial_refund: 'Devolução parcial',
};

/** What a movement pays for: a recharge (Recarga) or a wallet deposit of a user (Depósito). */
const movementTargets = ['TRANSACTION', 'USER'] as const;
export type MovementTarget = (typeof movementTargets)[number];

// ---------------------------------------------------------------------------------------------
// Invoice (NF) status: one canonical state, two vocabularies (000 §4 and 001 §3)

/**
 * The canonical invoice state stored by the server:
 * - NONE: no invoice requested (not paid, priceless);
 * - NOT_CONFIGURED: the tenant has invoicing disabled / no issuer configured;
 * - PROCESSING: requested, waiting for authorisation;
 * - AUTHORIZED: issued (PDF available);
 * - AUTHORIZATION_ERROR: the issuer refused the data (e.g. the driver has no CPF);
 * - REJECTED: the tax authority rejected it;
 * - PERMISSION_DENIED: the issuer refused our credentials;
 * - CS_ERROR: the issuer could not be reached / answered an error;
 * - CANCEL_ERROR: a cancellation (after a total refund) or a correction (after a partial one) failed;
 * - CANCELLED: the recharge was refunded in full and its invoice cancelled (or never issued); no
 *   status in either vocabulary (null: there is no invoice to show).
 */
export const invoiceStates = [
  'NONE',
  'NOT_CONFIGURED',
  'PROCESSING',
  'AUTHORIZED',
  'AUTHORIZATION_ERROR',
  'REJECTED',
  'PERMISSION_DENIED',
  'CS_ERROR',
  'CANCEL_ERROR',
  'CANCELLED',
] as const;
export type InvoiceState = (typeof invoiceStates)[number];

/** Lower-case vocabulary of the financial screen (000 §4, both lists). */
export const financialInvoiceStatuses = [
  'permissao_negada',
  'erro_autorizacao',
  'processando_autorizacao',
  'autorizado',
  'rejeitado',
  'error_cs',
  'error_disabled_or_not_configured',
  'erro_cancelamento',
] as const;
export type FinancialInvoiceStatus = (typeof financialInvoiceStatuses)[number];

/** Upper-case vocabulary of the transactions list (001 §3); null = none. */
export const transactionInvoiceStatuses = [
  'ERROR_DISABLE_OR_NOT_CONFIGURED',
  'ERRO_CANCELAMENTO',
  'ERROR_CS',
  'PROCESSANDO_AUTORIZACAO',
  'AUTORIZADO',
] as const;
export type TransactionInvoiceStatus = (typeof transactionInvoiceStatuses)[number];

const toFinancial: Record<InvoiceState, FinancialInvoiceStatus | null> = {
  NONE: null,
  NOT_CONFIGURED: 'error_disabled_or_not_configured',
  PROCESSING: 'processando_autorizacao',
  AUTHORIZED: 'autorizado',
  AUTHORIZATION_ERROR: 'erro_autorizacao',
  REJECTED: 'rejeitado',
  PERMISSION_DENIED: 'permissao_negada',
  CS_ERROR: 'error_cs',
  CANCEL_ERROR: 'erro_cancelamento',
  CANCELLED: null,
};

/**
 * The transactions list has only three red (retryable) values: every issuing error that a retry
 * may fix shows as ERROR_CS; configuration problems as ERROR_DISABLE_OR_NOT_CONFIGURED.
 */
const toTransactions: Record<InvoiceState, TransactionInvoiceStatus | null> = {
  NONE: null,
  NOT_CONFIGURED: 'ERROR_DISABLE_OR_NOT_CONFIGURED',
  PERMISSION_DENIED: 'ERROR_DISABLE_OR_NOT_CONFIGURED',
  PROCESSING: 'PROCESSANDO_AUTORIZACAO',
  AUTHORIZED: 'AUTORIZADO',
  AUTHORIZATION_ERROR: 'ERROR_CS',
  REJECTED: 'ERROR_CS',
  CS_ERROR: 'ERROR_CS',
  CANCEL_ERROR: 'ERRO_CANCELAMENTO',
  CANCELLED: null,
};

export const financialInvoiceStatus = (s: InvoiceState | null | undefined): FinancialInvoiceStatus | null => toFinancial[s ?? 'NONE'];
export const transactionInvoiceStatus = (s: InvoiceState | null | undefined): TransactionInvoiceStatus | null =>
  toTransactions[s ?? 'NONE'];

/** States from which an invoice may be requested again (nfe/resend). */
export const resendableInvoiceStates: readonly InvoiceState[] = [
  'NOT_CONFIGURED',
  'AUTHORIZATION_ERROR',
  'REJECTED',
  'PERMISSION_DENIED',
  'CS_ERROR',
  'CANCEL_ERROR',
];

// ---------------------------------------------------------------------------------------------
// Ledger rows (for the financial screen, wallets; the transactions calls embed a part)

export const movementSchema = z.object({
  movementPk: z.number().int().max(INT4_MAX),
  targetType: z.enum(movementTargets),
  transactionPk: z.number().int().max(INT4_MAX).nullable(),
  userPk: z.number().int().max(INT4_MAX).nullable(),
  tenantPk: z.number().int().max(INT4_MAX),
  paymentType: paymentTypeSchema,
  paymentStatus: paymentStatusSchema,
  /** Display status (partial_refund when partly refunded). */
  displayStatus: z.string(),
  paymentStatusDetail: z.string().nullable(),
  isIdlePayment: z.boolean(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  availableAmount: z.number().int(),
  currency: z.string(),
  externalId: z.string().nullable(),
  createdTimestamp: z.string(),
  paidTimestamp: z.string().nullable(),
  nfeStatus: z.enum(financialInvoiceStatuses).nullable(),
});
export type Movement = z.infer<typeof movementSchema>;

/** Refund request of the financial screen (000 §7: optional partialAmount in minor units; absent = total). */
export const refundQuerySchema = z.object({
  partialAmount: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
});
