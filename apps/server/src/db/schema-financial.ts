import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Daily roll-up of the ledger (migration 0022), kept by a trigger on financial_movements. */
export interface FinancialDailyTable {
  tenant_pk: number;
  /** C: by created_at, M: by moved_at (UTC day). */
  kind: 'C' | 'M';
  day: ColumnType<Date, string, string>;
  target_type: 'TRANSACTION' | 'USER';
  currency: string;
  movements: number;
  amount: number;
  completed: number;
  /** Money refunded from the day's movements (migration 0045). */
  refunded: ColumnType<number, number | undefined, number>;
  /** Money of the day's movements still pending: in_process, pending (migration 0045). */
  pending: ColumnType<number, number | undefined, number>;
}

/** The same per station (recharges only), for the station filter and a station owner's scope. */
export interface FinancialDailyStationTable extends FinancialDailyTable {
  charge_box_pk: number;
}

/** The same per customer (migration 0035), for a search by a customer's e-mail. */
export interface FinancialDailyUserTable extends FinancialDailyTable {
  user_pk: number;
}

/** The Idempotency-Key of a refund request, per operator (migration 0022). */
export interface RefundIdempotencyKeysTable {
  actor_user_pk: number;
  idempotency_key: string;
  movement_pk: number;
  requested_amount: number | null;
  refund_pk: number | null;
  created_at: CreatedAt;
}

/** A payment provider's signed notification, by its request id (migration 0022). */
export interface PaymentNotificationsTable {
  provider: string;
  request_id: string;
  topic: string;
  resource_id: string;
  result: string | null;
  received_at: CreatedAt;
}

/** Tables of the financial movements screen: roll-up, refund keys, payment notifications. */
export interface FinancialTables {
  financial_daily: FinancialDailyTable;
  financial_daily_station: FinancialDailyStationTable;
  financial_daily_user: FinancialDailyUserTable;
  refund_idempotency_keys: RefundIdempotencyKeysTable;
  payment_notifications: PaymentNotificationsTable;
}
