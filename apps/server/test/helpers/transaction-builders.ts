import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

/**
 * Builders for transactions, billing and payments: recharges inserted directly on the demo
 * stations (by ChargeBox ID and tag), status history, wallet balances and bills.
 */

type T = Pick<TestApp, 'db'>;

export async function stationOf(t: T, chargeBoxId: string) {
  return t.db
    .selectFrom('charge_boxes')
    .select(['charge_box_pk', 'tenant_pk'])
    .where('charge_box_id', '=', chargeBoxId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
}

export async function connectorOf(t: T, chargeBoxId: string, connectorId = 1) {
  const s = await stationOf(t, chargeBoxId);
  return (
    await t.db
      .selectFrom('connectors')
      .select('connector_pk')
      .where('charge_box_pk', '=', s.charge_box_pk)
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow()
  ).connector_pk;
}

export interface TransactionSpec {
  station?: string;
  connectorId?: number;
  idTag?: string;
  start?: Date;
  /** Minutes from start to stop; null = still running. */
  minutes?: number | null;
  energyWh?: number;
}

/** A recharge inserted directly (the stop trigger queues it for pricing when it has a stop). Returns its pk. */
export async function aTransaction(t: T, spec: TransactionSpec = {}): Promise<number> {
  const station = await stationOf(t, spec.station ?? 'MOVE-SP-001');
  const connectorPk = await connectorOf(t, spec.station ?? 'MOVE-SP-001', spec.connectorId ?? 1);
  const idTag = spec.idTag ?? '04A1B2C3D4';
  const tag = await t.db.selectFrom('ocpp_tags').select(['ocpp_tag_pk', 'owner_user_pk']).where('id_tag', '=', idTag).executeTakeFirst();
  const start = spec.start ?? new Date(Date.now() - 3 * 3600_000);
  const minutes = spec.minutes === undefined ? 60 : spec.minutes;
  const energy = spec.energyWh ?? 10_000;
  const row = await t.db
    .insertInto('transactions')
    .values({
      charge_box_pk: station.charge_box_pk,
      connector_pk: connectorPk,
      tenant_pk: station.tenant_pk,
      id_tag: idTag,
      ocpp_tag_pk: tag?.ocpp_tag_pk ?? null,
      user_pk: tag?.owner_user_pk ?? null,
      id_tag_status: 'Accepted',
      start_timestamp: start,
      start_value_wh: 1000,
      stop_timestamp: minutes === null ? null : new Date(start.getTime() + minutes * 60_000),
      stop_value_wh: minutes === null ? null : 1000 + energy,
      energy_wh: minutes === null ? null : energy,
      stop_reason: minutes === null ? null : 'Local',
      stop_event_actor: minutes === null ? null : 'station',
      start_key: randomUUID(),
    })
    .returning('transaction_pk')
    .executeTakeFirstOrThrow();
  return row.transaction_pk;
}

/** Adds a connector status report to the history. */
export async function aStatus(t: T, connectorPk: number, status: string, at: Date) {
  await t.db
    .insertInto('connector_status_history')
    .values({
      connector_pk: connectorPk,
      status,
      error_code: 'NoError',
      status_timestamp: at,
      error_info: null,
      vendor_id: null,
      vendor_error_code: null,
    })
    .execute();
}

export async function walletBalance(t: T, email: string): Promise<number | null> {
  const r = await t.db
    .selectFrom('wallets as w')
    .innerJoin('users as u', 'u.user_pk', 'w.user_pk')
    .select('w.balance')
    .where('u.email', '=', email)
    .executeTakeFirst();
  return r ? Number(r.balance) : null;
}

/** The recharge bill of a transaction (latest movement that is not an idle payment). */
export async function billOf(t: T, transactionPk: number, idle = false) {
  return t.db
    .selectFrom('financial_movements')
    .selectAll()
    .where('transaction_pk', '=', transactionPk)
    .where('is_idle_payment', '=', idle)
    .orderBy('movement_pk', 'desc')
    .executeTakeFirst();
}
