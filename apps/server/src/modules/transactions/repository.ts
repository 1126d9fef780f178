import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { TRANSACTION_QUERY_CAP, type RevenueStatus, type TransactionSortKey } from '@recarga/contracts/transactions';
import type { DB, Executor } from '../../db/db';
import { isRowKey } from '../../db/keys';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../../db/sql/energy';
import { ownedStation } from '../../db/sql/owned-stations';
import { preparedRows } from '../../db/prepared';
import { folded, likeContains } from '../../db/sql/like';

/**
 * SQL of the transactions screen. Every statement takes the caller's tenant scope
 * (transactions.tenant_pk: the station's tenant). Filtering, the 10,000-row cap, sorting, paging
 * and counting happen in SQL (indexes: transactions_tenant_start_idx, transaction_billing_revenue_idx,
 * transactions_id_tag_idx); only the page's rows are read.
 */

export interface TransactionFilters {
  from: Date;
  to: Date;
  chargeBoxPk?: number;
  idTag?: string;
  revenue?: RevenueStatus;
  search?: string;
}

/** Revenue status of `t` (001 §4): the billing row's (kept by the ledger); not priced yet → PRICELESS. */
const revenueStatusSql = sql<RevenueStatus>`coalesce((select b.revenue_status from transaction_billing b where b.transaction_pk = t.transaction_pk), 'PRICELESS')`;

/**
 * Where matching recharges come from. PAID and UNPAID recharges are read from their billing rows
 * (index on tenant, revenue status, start time: no look-up per candidate); everything else from
 * `transactions` (index on tenant, start time), PRICELESS with a primary-key look-up of the
 * billing row per candidate (unpriced recharges have none). `key`/`start` name the columns to
 * return and order by.
 */
function source(tenantPks: number[], scope: TenantScope, f: TransactionFilters) {
  const scopePks = scope.tenantPks;
  const billed = f.revenue === 'PAID' || f.revenue === 'UNPAID';
  const a = billed ? sql.raw('rb') : sql.raw('t');
  const conds: RawBuilder<unknown>[] = [
    sql`${a}.tenant_pk in (${sql.join(tenantPks)})`,
    ownedStation(scope, billed ? 'rb.charge_box_pk' : 't.charge_box_pk'),
    sql`${a}.start_timestamp >= ${f.from}`,
    sql`${a}.start_timestamp < ${f.to}`,
  ];
  if (billed) conds.push(sql`rb.revenue_status = ${f.revenue}`);
  else if (f.revenue === 'PRICELESS') conds.push(sql`${revenueStatusSql} = 'PRICELESS'`);
  if (f.chargeBoxPk !== undefined) conds.push(sql`${a}.charge_box_pk = ${f.chargeBoxPk}`);
  if (f.idTag) conds.push(sql`lower(t.id_tag) = ${f.idTag.toLowerCase()}`);
  if (f.search) {
    const p = likeContains(f.search);
    const stations = sql`${a}.charge_box_pk in (select cb.charge_box_pk from charge_boxes cb
      where cb.tenant_pk in (${sql.join(scopePks)})
        and (${folded(sql.ref('cb.charge_box_id'))} like ${p} or ${folded(sql.ref('cb.description'))} like ${p}))`;
    const id = /^\d{1,9}$/.test(f.search) ? Number(f.search) : null;
    conds.push(id !== null ? sql`(${a}.transaction_pk = ${id} or ${stations})` : stations);
  }
  const from = !billed
    ? sql`transactions t`
    : f.idTag
      ? sql`transaction_billing rb join transactions t on t.transaction_pk = rb.transaction_pk`
      : sql`transaction_billing rb`;
  return { from, where: sql.join(conds, sql` and `), key: sql`${a}.transaction_pk`, start: sql`${a}.start_timestamp` };
}

/** Matching rows, counted up to the cap. */
export async function countCapped(db: Executor, scope: TenantScope, f: TransactionFilters): Promise<number> {
  const s = source(scope.tenantPks, scope, f);
  const r = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from ${s.from} where ${s.where} limit ${TRANSACTION_QUERY_CAP}) c`.execute(db);
  return Number(r.rows[0]!.n);
}

/** Above this many tenants in the scope, one index scan over the whole scope replaces the per-tenant merge. */
const MAX_BRANCHES = 16;

/**
 * Keys of the first `limit` matching recharges in list order (start time, then id, descending):
 * one ordered index scan per tenant of the scope, merged (UNION ALL of per-tenant LIMITs), so a
 * page never sorts the whole date range.
 */
function orderedKeys(scope: TenantScope, f: TransactionFilters, limit: number) {
  const one = (tenantPks: number[]) => {
    const s = source(tenantPks, scope, f);
    return sql`(select ${s.key} as transaction_pk, ${s.start} as start_timestamp from ${s.from} where ${s.where}
      order by ${s.start} desc, ${s.key} desc limit ${limit})`;
  };
  const tenants = scope.tenantPks.length === 0 ? [-1] : scope.tenantPks;
  const union =
    tenants.length === 1 || tenants.length > MAX_BRANCHES
      ? one(tenants)
      : sql.join(
          tenants.map((tp) => one([tp])),
          sql` union all `,
        );
  return sql`(select k.transaction_pk, k.start_timestamp from (${union}) k order by k.start_timestamp desc, k.transaction_pk desc limit ${limit})`;
}

/** The row columns over a `transactions as t` query. */
function withColumns<O>(q: SelectQueryBuilder<DB & { t: DB['transactions'] }, 't', O>) {
  return q
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 't.charge_box_pk')
    .innerJoin('connectors as c', 'c.connector_pk', 't.connector_pk')
    .innerJoin('tenants as st', 'st.tenant_pk', 't.tenant_pk')
    .leftJoin('users as u', 'u.user_pk', 't.user_pk')
    .leftJoin('tenants as ut', 'ut.tenant_pk', 'u.tenant_pk')
    .leftJoin('transaction_billing as b', 'b.transaction_pk', 't.transaction_pk')
    .leftJoin('financial_movements as m', 'm.movement_pk', 'b.movement_pk')
    .leftJoin('financial_movements as im', 'im.movement_pk', 'b.idle_movement_pk')
    .select([
      't.transaction_pk',
      't.charge_box_pk',
      'cb.charge_box_id',
      'cb.description as charge_box_description',
      't.connector_pk',
      'c.connector_id',
      't.id_tag',
      't.user_pk',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('user_name'),
      'ut.alias as user_tenant_alias',
      'st.alias as station_tenant_alias',
      'st.currency as station_currency',
      't.start_timestamp',
      't.stop_timestamp',
      't.stop_reason',
      't.stop_event_actor',
      't.received_stop_at',
      sql<string | null>`(select coalesce(nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), ''), cu.email)
        from users cu where cu.user_pk = t.closed_by_user_pk)`.as('closed_by'),
      sql<boolean>`exists (select 1 from station_connections sc where sc.charge_box_pk = t.charge_box_pk)`.as('station_online'),
      sql<number>`extract(epoch from (coalesce(t.stop_timestamp, now()) - t.start_timestamp))::bigint`.as('duration_seconds'),
      transactionEnergyWh('t').as('energy_wh'),
      'b.transaction_pk as billed',
      'b.currency as billing_currency',
      'b.has_payment',
      'b.total',
      'b.start_fee',
      'b.energy_amount',
      'b.operational_fee',
      'b.voucher_discount',
      'b.tax',
      'b.cost',
      'b.tariff',
      'b.breakdown',
      'b.priced_at',
      'b.idle_seconds',
      'b.idle_amount',
      'b.idle_final',
      'b.idle_canceled_at',
      'm.movement_pk',
      'm.payment_type',
      'm.payment_status',
      'm.payment_status_detail',
      'm.amount as movement_amount',
      'm.refunded_amount as movement_refunded',
      'm.paid_at',
      'm.voucher_unit_pk',
      'm.invoice_state',
      'im.payment_status as idle_payment_status',
    ]);
}
export type TransactionRowData = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

type SortExpr = Expression<unknown>;
/**
 * Sort keys over `transactions t` (+ `cb`, `c` joins where listed in sortJoins). Values of large
 * tables (users, billing, ledger) are correlated primary-key look-ups, so sorting the 10,000
 * capped keys never hashes a whole table.
 */
const sortExpr: Record<TransactionSortKey, SortExpr> = {
  id: sql`t.transaction_pk`,
  chargeBoxDescription: sql`lower(coalesce(cb.description, cb.charge_box_id))`,
  chargeBoxId: sql`lower(cb.charge_box_id)`,
  connectorId: sql`c.connector_id`,
  userName: sql`(select lower(u.first_name || ' ' || u.last_name) from users u where u.user_pk = t.user_pk)`,
  ocppIdTag: sql`lower(t.id_tag)`,
  startTimestamp: sql`t.start_timestamp`,
  stopTimestamp: sql`t.stop_timestamp`,
  durationTime: sql`(coalesce(t.stop_timestamp, now()) - t.start_timestamp)`,
  energy: transactionEnergyWh('t'),
  income: sql`coalesce((select b.total from transaction_billing b where b.transaction_pk = t.transaction_pk), 0)`,
  transactionAmount: sql`(select m.amount from transaction_billing b join financial_movements m on m.movement_pk = b.movement_pk where b.transaction_pk = t.transaction_pk)`,
  paidTimestamp: sql`(select m.paid_at from transaction_billing b join financial_movements m on m.movement_pk = b.movement_pk where b.transaction_pk = t.transaction_pk)`,
  idleDuration: sql`coalesce((select b.idle_seconds from transaction_billing b where b.transaction_pk = t.transaction_pk), 0)`,
};

export interface Sort {
  key: TransactionSortKey;
  direction: 'asc' | 'desc';
}

/**
 * Sort keys that read nothing of the recharge's row but its key and start time (the capped set's
 * two columns): income, amount, paid date and idle time are look-ups by key. Sorting by them skips
 * reading 10,000 recharges back (half the time of an income sort at 10 million recharges).
 */
const keyOnlySorts = new Set<TransactionSortKey>(['id', 'startTimestamp', 'income', 'transactionAmount', 'paidTimestamp', 'idleDuration']);

/** The joins each sort key needs (aliases of `sortExpr`): the small station tables only. */
const sortJoins: Partial<Record<TransactionSortKey, ('cb' | 'c')[]>> = {
  chargeBoxDescription: ['cb'],
  chargeBoxId: ['cb'],
  connectorId: ['c'],
};
const joinSql = {
  cb: sql`join charge_boxes cb on cb.charge_box_pk = t.charge_box_pk`,
  c: sql`join connectors c on c.connector_pk = t.connector_pk`,
};

/** The rows of these keys, in this order. */
async function rowsOf(db: Executor, pks: number[]) {
  if (pks.length === 0) return [];
  // The keys as one array, so the text is the same for a page of 10 and an export chunk of 500 and
  // is prepared once per connection: planning this ten-table join took about a third of a chunk.
  const rows = await preparedRows(
    db,
    withColumns(db.selectFrom('transactions as t').where(sql<boolean>`t.transaction_pk = any(${pks}::int[])`)),
  );
  const byPk = new Map(rows.map((r) => [r.transaction_pk, r]));
  return pks.map((pk) => byPk.get(pk)).filter((r): r is TransactionRowData => r !== undefined);
}

/**
 * One page of the capped result. The capped set is the 10,000 most recent matching recharges
 * (start time, then id, descending) whatever the order asked; in that order a page is the merge of
 * the per-tenant index scans; any other order sorts the capped set (bounded work) in SQL.
 */
export async function page(db: Executor, scope: TenantScope, f: TransactionFilters, sort: Sort[], offset: number, limit: number) {
  const natural =
    sort.length === 0 ||
    (sort[0]!.key === 'startTimestamp' &&
      sort[0]!.direction === 'desc' &&
      sort.slice(1).every((s) => s.key === 'id' && s.direction === 'desc'));
  if (natural) {
    const keys = await sql<{ transaction_pk: number }>`
      select p.transaction_pk from ${orderedKeys(scope, f, Math.min(offset + limit, TRANSACTION_QUERY_CAP))} p
       order by p.start_timestamp desc, p.transaction_pk desc offset ${offset} limit ${limit}`.execute(db);
    return rowsOf(
      db,
      keys.rows.map((k) => k.transaction_pk),
    );
  }
  const capped = orderedKeys(scope, f, TRANSACTION_QUERY_CAP);
  const order = sort.map((s) => sql`${sortExpr[s.key]} ${sql.raw(s.direction)} nulls last`);
  if (!sort.some((s) => s.key === 'id')) order.push(sql`t.transaction_pk desc`);
  // Keys whose value the capped set has or looks up by the recharge's key sort the capped set
  // itself (named `t`); the others read the recharges' rows, with only the joins they need.
  const rows = sort.every((s) => keyOnlySorts.has(s.key))
    ? sql`${capped} t`
    : sql`transactions t ${sql.join(
        (['cb', 'c'] as const).filter((a) => sort.some((s) => sortJoins[s.key]?.includes(a))).map((a) => joinSql[a]),
        sql` `,
      )} where t.transaction_pk in (select transaction_pk from ${capped} ck)`;
  const keys = await sql<{ transaction_pk: number }>`
    select t.transaction_pk from ${rows}
     order by ${sql.join(order)}
    offset ${offset} limit ${limit}`.execute(db);
  return rowsOf(
    db,
    keys.rows.map((k) => k.transaction_pk),
  );
}

/** Keys of the capped result in list order (at most 10,000 numbers; the Excel export reads their rows in chunks). */
export async function cappedKeys(db: Executor, scope: TenantScope, f: TransactionFilters): Promise<number[]> {
  const r = await sql<{ transaction_pk: number }>`select transaction_pk from ${orderedKeys(scope, f, TRANSACTION_QUERY_CAP)} ck`.execute(
    db,
  );
  return r.rows.map((k) => Number(k.transaction_pk));
}

/** The rows of these keys, in this order (a chunk of the export). */
export const rowsOfKeys = (db: Executor, pks: number[]) => rowsOf(db, pks);

/** One transaction of the scope with its row columns. */
export function one(db: Executor, scope: TenantScope, transactionPk: number) {
  if (!isRowKey(transactionPk)) return Promise.resolve(undefined);
  return withColumns(
    db
      .selectFrom('transactions as t')
      .where('t.transaction_pk', '=', transactionPk)
      .where('t.tenant_pk', 'in', scope.tenantPks)
      .where(ownedStation(scope, 't.charge_box_pk')),
  ).executeTakeFirst();
}

/** Which of these transactions are in the scope. */
export async function inScope(db: Executor, scope: TenantScope, pks: number[]): Promise<Set<number>> {
  const valid = pks.filter(isRowKey);
  if (valid.length === 0) return new Set();
  const rows = await db
    .selectFrom('transactions')
    .select('transaction_pk')
    .where('transaction_pk', 'in', valid)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'transactions.charge_box_pk'))
    .execute();
  return new Set(rows.map((r) => r.transaction_pk));
}

/** Meter samples of a transaction in time order (detail chart, meter-values export). */
export function meterValues(db: Executor, transactionPk: number) {
  return db
    .selectFrom('meter_values')
    .select(['value_timestamp', 'measurand', 'phase', 'location', 'unit', 'context', 'value', 'raw_value'])
    .where('transaction_pk', '=', transactionPk)
    .orderBy('value_timestamp')
    .orderBy('measurand')
    .orderBy('meter_value_pk');
}

/** Movements of the ledger for a transaction (detail). */
export function movementsOf(db: Executor, transactionPk: number) {
  return db.selectFrom('financial_movements').selectAll().where('transaction_pk', '=', transactionPk).orderBy('movement_pk').execute();
}

/** Payment types a tenant configured (GET payment/types); empty = defaults. */
export function tenantPaymentTypes(db: Executor, tenantPk: number) {
  return db.selectFrom('tenant_payment_types').select('payment_type').where('tenant_pk', '=', tenantPk).orderBy('payment_type').execute();
}

/** Who pays a recharge: its driver and the station's tenant (the transaction must exist). */
export function payerOf(db: Executor, transactionPk: number) {
  return db
    .selectFrom('transactions')
    .select(['user_pk', 'tenant_pk'])
    .where('transaction_pk', '=', transactionPk)
    .executeTakeFirstOrThrow();
}

/** A recharge with its driver and tenant, in any tenant (checkout checks the caller itself). */
export function transactionPayer(db: Executor, transactionPk: number) {
  return db
    .selectFrom('transactions')
    .select(['transaction_pk', 'user_pk', 'tenant_pk'])
    .where('transaction_pk', '=', transactionPk)
    .executeTakeFirst();
}

/** Reads the `jit` setting: throws where the database has none (PGlite may not). */
export function readJitSetting(db: Executor) {
  return sql`select current_setting('jit')`.execute(db);
}

/** Turns JIT compilation off until the end of the transaction. */
export function jitOffForTransaction(db: Executor) {
  return sql`set local jit = off`.execute(db);
}

/**
 * Closes an open recharge of a station with no live connection as lost (an operator's action): the
 * stop is the last energy register reading the station sent for it (kWh read as Wh ×1000), at that
 * reading's time — the start's meter and time when none came — so the recharge is billed for the
 * energy actually metered and no more. One statement: under concurrent calls (the row lock, and the
 * re-checked `stop_timestamp is null`) exactly one closes it; the others get nothing back. The stop
 * trigger queues it for billing like any stop.
 */
export async function closeAsLost(db: Executor, scope: TenantScope, transactionPk: number, userPk: number, now: Date) {
  if (!isRowKey(transactionPk)) return undefined;
  const last = sql`(select mv.value_timestamp, case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end as wh
      from meter_values mv
     where mv.transaction_pk = t.transaction_pk
       and mv.measurand = 'Energy.Active.Import.Register'
       and mv.phase is null
       and mv.value is not null
       and mv.value_timestamp >= t.start_timestamp
     order by mv.value_timestamp desc, mv.meter_value_pk desc
     limit 1)`;
  const rows = await sql<{ transaction_pk: number }>`
    update transactions t
       set stop_timestamp = coalesce((select l.value_timestamp from ${last} l), t.start_timestamp),
           stop_value_wh = greatest(t.start_value_wh, coalesce((select round(l.wh)::bigint from ${last} l), t.start_value_wh)),
           energy_wh = greatest(0, coalesce((select round(l.wh)::bigint from ${last} l), t.start_value_wh) - t.start_value_wh),
           stop_reason = 'Lost',
           stop_event_actor = 'operator',
           closed_by_user_pk = ${userPk},
           received_stop_at = ${now}
     where t.transaction_pk = ${transactionPk}
       and t.tenant_pk in (${sql.join(scope.tenantPks)})
       and ${ownedStation(scope, 't.charge_box_pk')}
       and t.stop_timestamp is null
       and t.id_tag_status = 'Accepted'
       and not exists (select 1 from station_connections sc where sc.charge_box_pk = t.charge_box_pk)
    returning t.transaction_pk`.execute(db);
  return rows.rows[0];
}
