import { z } from 'zod';
import { emptyToUndefined, queryBoolean, queryId, queryText, INT4_MAX } from './query';
import { paymentStatusSchema, paymentTypeSchema } from './payments';

/**
 * The users list and a user's wallet statement (001 §2 Users list, §3 User list row, Wallet deposit,
 * Wallet totalizer, §7 Users). Paths under /api/. Keys as the spec names them.
 */

export const USER_PAGE_SIZE = 10;

export const userListQuerySchema = z.object({
  /** Active users only (default true). */
  activeUsers: queryBoolean,
  /** Part of the name or e-mail; accents, case and parentheses ignored. */
  searchInput: queryText(100),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const key = z.number().int().max(INT4_MAX);

export const userListRowSchema = z.object({
  user_pk: key,
  user_name: z.string(),
  docType: z.string().nullable(),
  docNumber: z.string().nullable(),
  car_brand_name: z.string().nullable(),
  car_model_name: z.string().nullable(),
  /** Accepted recharges of the user. */
  recharges: z.number().int(),
  /** Wh delivered by them. */
  consumption: z.number(),
  /** 'Charging' while a recharge of the user runs, else 'Idle'. */
  chargingStatus: z.enum(['Charging', 'Idle']),
  email: z.string(),
  ocpp_id_tag: z.string().nullable(),
  active: z.boolean(),
  tenantName: z.string(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

export const userListResponseSchema = z.object({
  userDashboardList: z.array(userListRowSchema),
  count: z.number().int(),
  /** A search stops counting at 1,000 matches: true when there are more (count is then 1,000). */
  countCapped: z.boolean(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** What an entry of the statement is (its label on the screen). */
/** A wallet top-up says how it was paid: TOP_UP_CARD, TOP_UP_PIX, or TOP_UP for any other way (a manual credit). */
export const statementKinds = ['IDLE', 'REFUND', 'CARD', 'PIX', 'TOP_UP_CARD', 'TOP_UP_PIX', 'TOP_UP', 'WALLET', 'OTHER'] as const;
export type StatementKind = (typeof statementKinds)[number];

export const walletDepositSchema = z.object({
  user_wallet_payment_pk: key,
  /** ISO 8601. */
  created_timestamp: z.string(),
  payment_type: paymentTypeSchema,
  payment_status: paymentStatusSchema,
  payment_status_detail: z.string().nullable(),
  /** Minor units: positive for money in (a top-up), negative for money out (a recharge, idle time). */
  payment_transaction_amounts: z.number().int(),
  payment_transaction_amounts_human_readable: z.string(),
  payment_transaction_amount_refunded: z.number().int(),
  is_idle_payment: z.boolean(),
  kind: z.enum(statementKinds),
  currency: z.string(),
});
export type WalletDeposit = z.infer<typeof walletDepositSchema>;
export const walletDepositsResponseSchema = z.object({ deposits: z.array(walletDepositSchema) });
export type WalletDepositsResponse = z.infer<typeof walletDepositsResponseSchema>;

export const walletTotalizerSchema = z.object({
  /** The wallet's balance in minor units. */
  total: z.number().int(),
  total_human_readable: z.string(),
  currency: z.string(),
});
export type WalletTotalizer = z.infer<typeof walletTotalizerSchema>;

/** The statement's rule (001 §2): a REFUNDED entry shows only when money was actually returned. */
export function visibleInStatement(d: Pick<WalletDeposit, 'payment_status' | 'payment_transaction_amount_refunded'>): boolean {
  return d.payment_status !== 'refunded' || d.payment_transaction_amount_refunded > 0;
}

/** The statement's colours (001 §2): 'popular' for partial refunds or money in, 'stone' for refunded, red otherwise. */
export function statementTone(
  d: Pick<WalletDeposit, 'payment_status' | 'payment_transaction_amount_refunded' | 'payment_transaction_amounts'>,
): 'popular' | 'stone' | 'red' {
  if (d.payment_status === 'refunded') return 'stone';
  if (d.payment_transaction_amount_refunded > 0 || d.payment_transaction_amounts > 0) return 'popular';
  return 'red';
}

/** The user picker (001 §7, §9): every active user of the scope in one compact answer, up to 30,000. */
export const USER_PICKER_MAX = 30_000;
export const userPickerEntrySchema = z.object({
  user_pk: key,
  user_name: z.string(),
  /** The voucher picker labels a user 'email - name' (002 §2). */
  email: z.string(),
  ocpp_id_tag: z.string().nullable(),
  docType: z.string().nullable(),
  docNumber: z.string().nullable(),
});
export type UserPickerEntry = z.infer<typeof userPickerEntrySchema>;
/** The voucher's network: only users who belong with it (its tree up and down) are offered. */
export const userPickerQuerySchema = z.object({ tenantPk: queryId });
export const userPickerResponseSchema = z.object({
  userList: z.array(userPickerEntrySchema),
  /** True when the scope holds more active users than USER_PICKER_MAX (the list is then cut). */
  truncated: z.boolean(),
});
export type UserPickerResponse = z.infer<typeof userPickerResponseSchema>;
