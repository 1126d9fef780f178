/*
 * Without zod, so that the screens can read the texts, limits and paths without the schemas:
 * financial.ts re-exports them whole.
 */

/**
 * Financial movements (000 §2 Financial movements screen, §3 Financial transaction, §4–§5, §7
 * Gateway financial service, §8, §9). Paths under /gateway/, in the gateway's own style:
 * zero-based pages, answers `{ content, totalElements }`.
 *
 * A "financial transaction" is one movement of the ledger: a recharge bill (target TRANSACTION,
 * shown as Recarga; also the idle-time bill of a recharge) or a wallet deposit (target USER, shown
 * as Depósito). The `{id}` of the refund and resend calls is the movement's `movementPk` (deposits
 * have no recharge); `transactionPk` is the recharge's id, null for deposits.
 */

/** Rows per page (000 §9). */
export const FINANCIAL_PAGE_SIZE = 10;
/** Largest page size a client may ask for. */
export const FINANCIAL_MAX_PAGE_SIZE = 100;
/** A custom period covers at most this many days (000 §5, §9). */
export const FINANCIAL_MAX_RANGE_DAYS = 365;
/** The month selector offers the current month and the two before it (000 §9). */
export const FINANCIAL_MONTHS_SELECTABLE = 3;
/** Rows of one Excel download at most (newest first; the file says when it was cut). */
export const FINANCIAL_EXPORT_CAP = 100_000;

/** `sort`: order by financial movement (paid time) or chronological order (created time); the summary's ASC is accepted too. */
export const financialSorts = ['paidTimestamp,DESC', 'createdTimestamp,DESC', 'paidTimestamp,ASC', 'createdTimestamp,ASC'] as const;
export type FinancialSort = (typeof financialSorts)[number];
/** The two orders of the screen's "Order" selector. */
export const financialOrders = { financialMovement: 'paidTimestamp,DESC', chronological: 'createdTimestamp,DESC' } as const;

/** The three tabs and their list path (under /gateway). */
export const financialTabs = ['all', 'recharges', 'deposits'] as const;
export type FinancialTab = (typeof financialTabs)[number];

/** Paths of the gateway financial service (relative to the gateway base, which ends before `/gateway`). */
export const financialPaths = {
  summary: '/gateway/transactions/summary',
  list: { all: '/gateway/transactions', recharges: '/gateway/transactions/recharges', deposits: '/gateway/transactions/deposits' },
  tenants: '/gateway/tenants',
  chargeBoxes: '/gateway/chargeboxes',
  /** One movement (the drawer), `{id}` = movementPk. */
  detail: (movementPk: number) => `/gateway/transactions/${movementPk}`,
  /** `{id}` = movementPk. */
  refund: (movementPk: number) => `/gateway/transactions/${movementPk}/payments/refunds`,
  /** `{id}` = movementPk (a recharge's movement). */
  invoiceResend: (movementPk: number) => `/gateway/transactions/${movementPk}/nfes/resends`,
} as const satisfies Record<string, unknown>;

/** The Excel form of a list: the same path and query with this Accept header (or `format=xlsx`). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The fixed name of the downloaded report (000 §7). */
export const FINANCIAL_REPORT_FILE = 'relatorio-financeiro.xlsx';
/** Answer header of the Excel form: the number of data rows the file will hold (for a progress bar; there is no Content-Length). */
export const TOTAL_ROWS_HEADER = 'X-Total-Rows';
/** Request header of the refund call: the same key answers the same refund (a double click, a retry). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 100;

/** Display statuses counted as completed and as pending in the selection footer (000 §2). */
export const completedStatuses = ['approved'] as const;
export const pendingStatuses = ['in_process', 'pending', 'rejected'] as const;

/**
 * The status details the ledger itself writes on a movement (`payment_status_detail`); a payment
 * provider writes its own codes beside them (Mercado Pago's `cc_rejected_…`). The financial drawer
 * words each of these, and the provider's known codes, in the user's language.
 */
export const ledgerStatusDetails = {
  accredited: 'accredited',
  voucher: 'voucher',
  manual: 'manual',
  checkoutStarted: 'checkout_started',
  voucherReturned: 'voucher returned',
  demoDeposit: 'demo deposit',
  walletLow: 'Insufficient wallet balance.',
} as const;

/** The screen's title of a movement by target (000 §3). */
export const targetTypeLabels = { TRANSACTION: 'Recarga', USER: 'Depósito' } as const;

/** Invoice statuses from which the resend button is enabled (000 §4). */
export const financialResendableNfeStatuses = ['erro_autorizacao', 'rejeitado'] as const;

/**
 * The spec's messages (000 §4, §5, §8). The spec quotes some in Portuguese and gives the meaning of
 * others; the screens show them translated per language.
 */
export const financialMessages = {
  empty: 'Não há movimentações financeiras',
  refundSent: 'Solicitação de reembolso enviada com sucesso!',
  refundFailed: 'Ocorreu um erro ao tentar reembolsar!',
  partialTooLarge: 'The partial amount cannot be greater than the remaining value.',
  refundNotApproved: 'Only approved payments can be refunded.',
  refundNothingLeft: 'Nothing is left to refund on this payment.',
  resendConfirm: 'Deseja reenviar a nota fiscal?',
  resendSent: 'Nota fiscal reenviada com sucesso!',
  resendFailed: 'Não foi possível reenviar a nota fiscal!',
  resendNotRecharge: 'Only recharges have an invoice.',
  reportFailed: 'Unable to download the .xlsx file.',
  movementNotFound: 'Financial movement not found.',
  tenantNotFound: 'Tenant not found in your networks.',
  chargeBoxNotFound: 'Charge box not found in your networks.',
  rangeTooLong: 'The period must be at most 365 days.',
  rangeFuture: 'The period may not go beyond today.',
  rangeOrder: 'The end date must not be before the start date.',
  rangeInvalid: 'Invalid date (use YYYY-MM-DD or an ISO date-time).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another refund.',
  providerFailed: 'The payment provider refused or failed the refund; nothing was changed.',
} as const;

/**
 * Error codes of the financial calls (body `{ code, message, fields? }`):
 * - VALIDATION (400): a query field is invalid (`fields` names it: startDate, endDate, page, partialAmount…);
 * - REFUND_TOO_LARGE (400, fields.partialAmount): above the remaining value;
 * - NOT_FOUND (404): no such movement in the caller's scope; TENANT_NOT_FOUND / CHARGE_BOX_NOT_FOUND (404) for filters;
 * - NOT_REFUNDABLE (409): not approved, or nothing remains;
 * - WALLET_BALANCE_LOW (409): a deposit's money is no longer in the wallet;
 * - IDEMPOTENCY_KEY_REUSED (422): the key named another refund;
 * - PAYMENT_PROVIDER_NOT_CONFIGURED (503), PAYMENT_PROVIDER_FAILED (502): the movement is unchanged;
 * - NOT_A_RECHARGE, NOT_PAID, INVOICE_NOT_RESENDABLE, INVOICING_NOT_CONFIGURED (409): invoice resend;
 * - REPORT_LIMIT (403): the tenant's monthly report downloads are used up.
 */
export const financialErrorCodes = [
  'VALIDATION',
  'REFUND_TOO_LARGE',
  'NOT_FOUND',
  'TENANT_NOT_FOUND',
  'CHARGE_BOX_NOT_FOUND',
  'NOT_REFUNDABLE',
  'WALLET_BALANCE_LOW',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_PROVIDER_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_FAILED',
  'NOT_A_RECHARGE',
  'NOT_PAID',
  'INVOICE_NOT_RESENDABLE',
  'INVOICING_NOT_CONFIGURED',
  'REPORT_LIMIT',
] as const;
export type FinancialErrorCode = (typeof financialErrorCodes)[number];
