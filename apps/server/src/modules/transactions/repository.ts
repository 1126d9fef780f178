import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { TRANSACTION_QUERY_CAP, type RevenueStatus, type TransactionSortKey } from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../stations/energy-sql';
import { likeContains } from '../stations/repository';

/**
 * SQL of the transactions screen. Every statement takes the caller's tenant scope
 * (transactions.tenant_pk: the station's tenant). Filtering, the 10,000-row cap, sorting, paging
 * and counting happen in SQL (indexes: transactions_tenant_start_idx, _station_start_idx,
 * _id_tag_idx); only the page's rows are read.
 */

export type Executor = Kysely<DB> | Transaction<DB>;

export interface TransactionFilters {
  from: Date;
  to: Date;
  chargeBoxPk?: number;
  idTag?: string;
  revenue?: RevenueStatus;
  search?: string;
}

/** Revenue status of `t` (001 §4): the billing row's (kept by the ledger); not priced yet → PRICELESS. */
export const revenueStatusSql = sql<RevenueStatus>`coalesce((select b.revenue_status from transaction_billing b where b.transaction_pk = t.transaction_pk), 'PRICELESS')`;

/** Transactions of the scope matching the filters. */
export function filtered(db: Executor, scope: TenantScope, f: TransactionFilters) {
  let q = db
    .selectFrom('transactions as t')
    .where('t.tenant_pk', 'in', scope.tenantPks)
    .where('t.start_timestamp', '>=', f.from)
    .where('t.start_timestamp', '<', f.to);
  if (f.chargeBoxPk !== undefined) q = q.where('t.charge_box_pk', '=', f.chargeBoxPk);
  if (f.idTag) q = q.where(sql<string>`lower(t.id_tag)`, '=', f.idTag.toLowerCase());
  // A correlated look-up per candidate row (primary key), which stops with the cap; a join would
  // make the planner hash the whole billing table.
  if (f.revenue) q = q.where(revenueStatusSql, '=', f.revenue);
  if (f.search) {
    const p = likeContains(f.search);
    const stations = sql<SqlBool>`t.charge_box_pk in (select cb.charge_box_pk from charge_boxes cb
      where cb.tenant_pk in (${sql.join(scope.tenantPks)})
        and (lower(cb.charge_box_id) like ${p} or lower(coalesce(cb.description, '')) like ${p}))`;
    const id = /^\d{1,9}$/.test(f.search) ? Number(f.search) : null;
    q = q.where(id !== null ? sql<SqlBool>`(t.transaction_pk = ${id} or ${stations})` : stations);
  }
  return q;
}

/** Matching rows, counted up to the cap. */
export async function countCapped(db: Executor, scope: TenantScope, f: TransactionFilters): Promise<number> {
  const r = await db
    .selectFrom(filtered(db, scope, f).select(sql<number>`1`.as('x')).limit(TRANSACTION_QUERY_CAP).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
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

/** Above this many tenants in the scope, one index scan over the whole scope replaces the per-tenant merge. */
const MAX_BRANCHES = 16;

/**
 * Keys of the first `limit` matching recharges in list order (start time, then id, descending).
 * One ordered index scan per tenant of the scope, merged (UNION ALL of per-tenant LIMITs): the
 * (tenant, start) index gives each tenant's order, so a page never sorts the whole date range.
 */
function orderedKeys(db: Executor, scope: TenantScope, f: TransactionFilters, limit: number) {
  const one = (tenantPks: number[]) =>
    filtered(db, { ...scope, tenantPks }, f)
      .select(['t.transaction_pk', 't.start_timestamp'])
      .orderBy('t.start_timestamp', 'desc')
      .orderBy('t.transaction_pk', 'desc')
      .limit(limit);
  const tenants = scope.tenantPks.length === 0 ? [-1] : scope.tenantPks;
  const union =
    tenants.length === 1 || tenants.length > MAX_BRANCHES
      ? sql`${one(tenants)}`
      : sql.join(tenants.map((tp) => sql`${one([tp])}`), sql` union all `);
  return db
    .selectFrom(sql<{ transaction_pk: number; start_timestamp: Date }>`(${union})`.as('k'))
    .select(['k.transaction_pk', 'k.start_timestamp'])
    .orderBy('k.start_timestamp', 'desc')
    .orderBy('k.transaction_pk', 'desc')
    .limit(limit);
}

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
  const rows = await withColumns(db.selectFrom('transactions as t').where('t.transaction_pk', 'in', pks)).execute();
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
    (sort[0]!.key === 'startTimestamp' && sort[0]!.direction === 'desc' && sort.slice(1).every((s) => s.key === 'id' && s.direction === 'desc'));
  if (natural) {
    const keys = await db
      .selectFrom(orderedKeys(db, scope, f, Math.min(offset + limit, TRANSACTION_QUERY_CAP)).as('p'))
      .select('p.transaction_pk')
      .orderBy('p.start_timestamp', 'desc')
      .orderBy('p.transaction_pk', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rowsOf(db, keys.map((k) => k.transaction_pk));
  }
  // Only the joins the sort keys need, over the 10,000 capped keys.
  const capped = orderedKeys(db, scope, f, TRANSACTION_QUERY_CAP).clearSelect().select('k.transaction_pk');
  const needed = new Set(sort.flatMap((s) => sortJoins[s.key] ?? []));
  const joins = (['cb', 'c'] as const).filter((a) => needed.has(a)).map((a) => joinSql[a]);
  const order = sort.map((s) => sql`${sortExpr[s.key]} ${sql.raw(s.direction)} nulls last`);
  if (!sort.some((s) => s.key === 'id')) order.push(sql`t.transaction_pk desc`);
  const keys = await sql<{ transaction_pk: number }>`
    select t.transaction_pk from transactions t ${sql.join(joins, sql` `)}
     where t.transaction_pk in (${capped})
     order by ${sql.join(order)}
    offset ${offset} limit ${limit}`.execute(db);
  return rowsOf(db, keys.rows.map((k) => k.transaction_pk));
}

/** The capped result in list order, streamed from a cursor (Excel export). */
export function stream(db: Executor, scope: TenantScope, f: TransactionFilters) {
  const capped = orderedKeys(db, scope, f, TRANSACTION_QUERY_CAP).clearSelect().select('k.transaction_pk');
  return withColumns(db.selectFrom('transactions as t').where('t.transaction_pk', 'in', capped))
    .orderBy('t.start_timestamp', 'desc')
    .orderBy('t.transaction_pk', 'desc')
    .limit(TRANSACTION_QUERY_CAP)
    .stream(500);
}

/** One transaction of the scope with its row columns. */
export function one(db: Executor, scope: TenantScope, transactionPk: number) {
  if (!Number.isSafeInteger(transactionPk) || transactionPk <= 0 || transactionPk > 2_147_483_647) return Promise.resolve(undefined);
  return withColumns(db.selectFrom('transactions as t').where('t.transaction_pk', '=', transactionPk).where('t.tenant_pk', 'in', scope.tenantPks)).executeTakeFirst();
}

/** Which of these transactions are in the scope. */
export async function inScope(db: Executor, scope: TenantScope, pks: number[]): Promise<Set<number>> {
  const valid = pks.filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  if (valid.length === 0) return new Set();
  const rows = await db.selectFrom('transactions').select('transaction_pk').where('transaction_pk', 'in', valid).where('tenant_pk', 'in', scope.tenantPks).execute();
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
