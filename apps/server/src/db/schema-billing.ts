import type { ColumnType, Generated } from 'kysely';
import type { InvoiceState, PaymentStatus, PaymentType, MovementTarget } from '@recarga/contracts/payments';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface IdlePricingTable {
  charge_box_pk: number;
  money_per_minute: number;
  grace_minutes: Generated<number>;
  updated_at: CreatedAt;
}

export interface TenantPaymentTypesTable {
  tenant_pk: number;
  payment_type: PaymentType;
}

export interface BillingQueueTable {
  transaction_pk: number;
  enqueued_at: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  last_error: string | null;
}

/** Who moved the money of a movement. */
export type MovementProvider = 'none' | 'wallet' | 'manual' | 'sandbox' | 'voucher' | (string & {});

export interface FinancialMovementsTable {
  movement_pk: Generated<number>;
  tenant_pk: number;
  target_type: MovementTarget;
  transaction_pk: number | null;
  user_pk: number | null;
  is_idle_payment: Generated<boolean>;
  payment_type: PaymentType;
  payment_status: PaymentStatus;
  payment_status_detail: string | null;
  amount: number;
  refunded_amount: Generated<number>;
  currency: string;
  provider: ColumnType<MovementProvider, MovementProvider | undefined, MovementProvider>;
  external_id: string | null;
  voucher_unit_pk: number | null;
  actor_user_pk: number | null;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  updated_at: CreatedAt;
  invoice_state: ColumnType<InvoiceState, InvoiceState | undefined, InvoiceState>;
  /** The recharge's station, filled from the transaction by a trigger (migration 0022). */
  charge_box_pk: Generated<number | null>;
  /** coalesce(paid_at, created_at), generated (migration 0022): the "financial movement" order. */
  moved_at: ColumnType<Date, never, never>;
}

export interface PaymentRefundsTable {
  refund_pk: Generated<number>;
  movement_pk: number;
  amount: number;
  actor_user_pk: number | null;
  provider_reference: string | null;
  reason: string | null;
  /** Migration 0038: a provider refund's step (reserved, sent, settled) or its end (failed). */
  state: ColumnType<RefundState, RefundState | undefined, RefundState>;
  /** What the provider said when it refused or did not answer. */
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  /** Calls made to the provider for this refund. */
  attempts: ColumnType<number, number | undefined, number>;
  updated_at: CreatedAt;
  created_at: CreatedAt;
}

export type RefundState = 'reserved' | 'sent' | 'settled' | 'failed';

export interface TransactionBillingTable {
  transaction_pk: number;
  tenant_pk: number;
  charge_box_pk: number;
  start_timestamp: Timestamp;
  currency: string;
  has_payment: boolean;
  priceless: boolean;
  energy_wh: number;
  duration_seconds: number;
  start_fee: number;
  energy_amount: number;
  operational_fee: number;
  voucher_discount: number;
  tax: number;
  total: number;
  cost: number;
  tariff: Json<Record<string, unknown>>;
  idle_started_at: Timestamp | null;
  idle_ended_at: Timestamp | null;
  idle_seconds: Generated<number>;
  idle_amount: Generated<number>;
  idle_final: Generated<boolean>;
  idle_canceled_at: Timestamp | null;
  idle_canceled_by: number | null;
  revenue_status: ColumnType<'PRICELESS' | 'PAID' | 'UNPAID', 'PRICELESS' | 'PAID' | 'UNPAID' | undefined, 'PRICELESS' | 'PAID' | 'UNPAID'>;
  movement_pk: number | null;
  idle_movement_pk: number | null;
  priced_at: CreatedAt;
  /** Dynamic pricing (migration 0019): the profile and version that priced it, and the breakdown by segment. */
  pricing_profile_pk: Generated<number | null>;
  pricing_version: Generated<number | null>;
  breakdown: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface WalletsTable {
  user_pk: number;
  currency: string;
  balance: Generated<number>;
  updated_at: CreatedAt;
}

export type WalletEntryKind = 'DEPOSIT' | 'DEBIT' | 'REFUND_CREDIT' | 'DEPOSIT_REFUND' | 'DEPOSIT_REFUND_RETURNED';

export interface WalletEntriesTable {
  wallet_entry_pk: Generated<number>;
  user_pk: number;
  movement_pk: number | null;
  refund_pk: number | null;
  kind: WalletEntryKind;
  amount: number;
  balance_after: number;
  created_at: CreatedAt;
}

export type StoredInvoiceState = Exclude<InvoiceState, 'NONE'>;

export interface InvoicesTable {
  invoice_pk: Generated<number>;
  movement_pk: number;
  transaction_pk: number | null;
  tenant_pk: number;
  issuer: string;
  state: StoredInvoiceState;
  issuer_ref: string | null;
  number: number | null;
  series: string | null;
  access_key: string | null;
  message: string | null;
  attempts: Generated<number>;
  requested_at: CreatedAt;
  next_step_at: Timestamp | null;
  authorized_at: Timestamp | null;
  pdf_file: string | null;
  updated_at: CreatedAt;
  /** After a refund (migration 0022): cancel (total) or correct (partial) the authorised invoice. */
  pending_action: Generated<'CANCEL' | 'CORRECT' | null>;
  /** The number of the invoice a correction replaced. */
  replaces_number: Generated<number | null>;
}

export interface InvoiceCountersTable {
  tenant_pk: number;
  last_number: Generated<number>;
}

/** Tables of billing: pricing, the ledger, refunds, wallets, invoices. */
export interface BillingTables {
  idle_pricing: IdlePricingTable;
  tenant_payment_types: TenantPaymentTypesTable;
  billing_queue: BillingQueueTable;
  financial_movements: FinancialMovementsTable;
  payment_refunds: PaymentRefundsTable;
  transaction_billing: TransactionBillingTable;
  wallets: WalletsTable;
  wallet_entries: WalletEntriesTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
}
