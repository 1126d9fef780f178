import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/db';
import { preparedRawRows, preparedRows } from '../../db/prepared';
import type { TransactionBillingTable } from '../../db/schema-billing';

/** Stopped transactions due for pricing (oldest first), skipping rows another node holds. */
export function dueQueue(db: Executor, limit: number) {
  return db
    .selectFrom('billing_queue')
    .select('transaction_pk')
    .where('next_attempt_at', '<=', new Date())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** The queue entry of a transaction, locked (undefined when absent or held by another node). */
export function lockQueueEntry(db: Executor, transactionPk: number) {
  return db.selectFrom('billing_queue').selectAll().where('transaction_pk', '=', transactionPk).forUpdate().skipLocked().executeTakeFirst();
}

export function deleteQueueEntry(db: Executor, transactionPk: number) {
  return db.deleteFrom('billing_queue').where('transaction_pk', '=', transactionPk).execute();
}

/** Records a failed pricing attempt with a growing delay (1 min, 2, 4 … up to a day). */
export function deferQueueEntry(db: Executor, transactionPk: number, error: string) {
  return db
    .updateTable('billing_queue')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      next_attempt_at: sql<Date>`now() + least(interval '1 day', interval '1 minute' * power(2, attempts))`,
    })
    .where('transaction_pk', '=', transactionPk)
    .execute();
}

/**
 * Everything pricing needs about a stopped transaction, with the transaction row locked (the
 * OCPP stop locks it too, so pricing never reads a half-written stop).
 */
export async function lockPricingInput(db: Executor, transactionPk: number) {
  const query = pricingInputQuery(db).where('t.transaction_pk', '=', transactionPk).forUpdate(['t']);
  return (await preparedRows(db, query))[0];
}
export type PricingInput = NonNullable<Awaited<ReturnType<typeof lockPricingInput>>>;

/** What pricing needs of many stopped transactions (a history import, inside its own transaction). */
export function pricingInputs(db: Executor, transactionPks: number[]): Promise<PricingInput[]> {
  if (transactionPks.length === 0) return Promise.resolve([]);
  return pricingInputQuery(db).where('t.transaction_pk', 'in', transactionPks).orderBy('t.transaction_pk').execute();
}

/** The transaction with its station's, connector's, tag's and idle settings: the input of pricing. */
function pricingInputQuery(db: Executor) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 't.charge_box_pk')
    .innerJoin('connectors as c', 'c.connector_pk', 't.connector_pk')
    .innerJoin('tenants as tn', 'tn.tenant_pk', 't.tenant_pk')
    .leftJoin('ocpp_tags as tag', 'tag.ocpp_tag_pk', 't.ocpp_tag_pk')
    .leftJoin('idle_pricing as ip', 'ip.charge_box_pk', 't.charge_box_pk')
    .select([
      't.transaction_pk',
      't.tenant_pk',
      't.charge_box_pk',
      't.connector_pk',
      'c.connector_id',
      't.user_pk',
      't.id_tag',
      't.requested_payment_type',
      't.start_timestamp',
      't.stop_timestamp',
      sql<number>`greatest(0, coalesce(t.energy_wh, t.stop_value_wh - t.start_value_wh, 0))`.as('energy_wh'),
      'tn.currency',
      'cb.has_payment',
      'cb.payment_charge_type_cost',
      'cb.payment_charge_type_income',
      'cb.payment_charge_by_income',
      'cb.money_per_kilowatt_cost',
      'cb.money_per_duration_cost',
      'cb.money_per_transaction_cost',
      'cb.money_per_kilowatt_income',
      'cb.money_per_duration_income',
      'cb.money_per_transaction_income',
      'cb.tax_income',
      'c.money_per_kilowatt_income as connector_per_kwh',
      'c.money_per_duration_income as connector_per_minute',
      'tag.is_free_recharge',
      'ip.money_per_minute as idle_per_minute',
      'ip.grace_minutes as idle_grace_minutes',
      't.start_value_wh',
      // A reservation preceded it (its start used one: operations' reservations).
      sql<boolean>`exists (select 1 from reservations r where r.transaction_pk = t.transaction_pk)`.as('reserved'),
    ]);
}

export function lockBilling(db: Executor, transactionPk: number) {
  return db.selectFrom('transaction_billing').selectAll().where('transaction_pk', '=', transactionPk).forUpdate().executeTakeFirst();
}

/**
 * What idle measurement reads, in one round trip: the connector's status reports from the start
 * of the transaction to a day after its stop (in order, at most 2000); when the vehicle stopped
 * drawing power for good (the first Power.Active.Import sample at or under `thresholdW` after the
 * last one above it, kW samples converted; null without samples); and the next transaction
 * started on the connector after this one's start (it ends any idle time).
 */
export async function idleEvidence(
  db: Executor,
  t: { transactionPk: number; connectorPk: number; start: Date; stop: Date },
  thresholdW = 50,
): Promise<{ statuses: { status: string; at: Date }[]; powerIdleSince: Date | null; nextStart: Date | null }> {
  const until = new Date(t.stop.getTime() + 24 * 3600_000);
  const rows = await preparedRawRows(
    db,
    sql<{ statuses: { status: string; at: string }[] | null; power_since: Date | null; next_start: Date | null }>`
    with p as (
      select value_timestamp as ts, case when lower(coalesce(unit, 'W')) = 'kw' then value * 1000 else value end as w
        from meter_values
       where transaction_pk = ${t.transactionPk} and measurand = 'Power.Active.Import' and phase is null and value is not null)
    select
      (select json_agg(json_build_object('status', s.status, 'at', s.status_timestamp) order by s.status_timestamp, s.connector_status_pk)
         from (select status, status_timestamp, connector_status_pk
                 from connector_status_history
                where connector_pk = ${t.connectorPk} and status_timestamp >= ${t.start} and status_timestamp <= ${until}
                order by status_timestamp, connector_status_pk
                limit 2000) s) as statuses,
      (select min(ts) from p
        where w <= ${thresholdW}
          and ts > coalesce((select max(ts) from p where w > ${thresholdW}), '-infinity'::timestamptz)) as power_since,
      (select min(start_timestamp) from transactions
        where connector_pk = ${t.connectorPk} and start_timestamp > ${t.start}) as next_start`,
  );
  const row = rows[0];
  return {
    statuses: (row?.statuses ?? []).map((s) => ({ status: s.status, at: new Date(s.at) })),
    powerIdleSince: row?.power_since ? new Date(row.power_since) : null,
    nextStart: row?.next_start ? new Date(row.next_start) : null,
  };
}

/** Priced transactions whose idle time is not final yet (oldest first). */
export function idlePending(db: Executor, limit: number, connectorPk?: number) {
  let q = db
    .selectFrom('transaction_billing as b')
    .innerJoin('transactions as t', 't.transaction_pk', 'b.transaction_pk')
    .select(['b.transaction_pk'])
    .where('b.idle_final', '=', false);
  if (connectorPk !== undefined) q = q.where('t.connector_pk', '=', connectorPk);
  return q.orderBy('b.priced_at').limit(limit).execute();
}

/**
 * The recharges whose idle time is still open on these connectors (by ChargeBox ID and connector
 * id): one statement for a whole burst of releases (a fleet reporting Available after a restart).
 */
export async function idlePendingOnConnectors(db: Executor, connectors: { chargeBoxId: string; connectorId: number }[]) {
  if (!connectors.length) return [];
  const keys = connectors.map((c) => sql`(${c.chargeBoxId}::text, ${c.connectorId}::integer)`);
  const { rows } = await sql<{ transaction_pk: number }>`
    select b.transaction_pk
      from (values ${sql.join(keys)}) as k(charge_box_id, connector_id)
      join charge_boxes cb on cb.charge_box_id = k.charge_box_id and cb.deleted_at is null
      join connectors c on c.charge_box_pk = cb.charge_box_pk and c.connector_id = k.connector_id
      join transactions t on t.connector_pk = c.connector_pk
      join transaction_billing b on b.transaction_pk = t.transaction_pk and not b.idle_final
     order by b.priced_at`.execute(db);
  return rows;
}

export function insertBilling(db: Executor, values: Insertable<TransactionBillingTable>) {
  return db.insertInto('transaction_billing').values(values).execute();
}

/** Billing rows of many recharges (a history import), in statements of 500 rows. */
export async function insertBillings(db: Executor, rows: Insertable<TransactionBillingTable>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('transaction_billing')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Removes the queue entries of recharges priced outside the queue (a history import). */
export function deleteQueueEntries(db: Executor, transactionPks: number[]) {
  if (transactionPks.length === 0) return Promise.resolve();
  return db.deleteFrom('billing_queue').where('transaction_pk', 'in', transactionPks).execute();
}

export function updateBilling(db: Executor, transactionPk: number, set: Updateable<TransactionBillingTable>) {
  return db.updateTable('transaction_billing').set(set).where('transaction_pk', '=', transactionPk).execute();
}

/** What idle measurement needs of the transaction itself. */
export function idleInput(db: Executor, transactionPk: number) {
  return db
    .selectFrom('transactions')
    .select(['connector_pk', 'start_timestamp', 'stop_timestamp', 'user_pk', 'tenant_pk', 'requested_payment_type'])
    .where('transaction_pk', '=', transactionPk)
    .executeTakeFirstOrThrow();
}
