import { sql, type RawBuilder } from 'kysely';
import type { MovementTarget } from '@recarga/contracts/payments';
import type { Executor } from '../../db/db';
import { folded, likeContains } from '../../db/sql/like';
import { ownedStation } from '../../db/sql/owned-stations';

/**
 * SQL of the financial movements screen. Every query takes the tenants to read (already cut to
 * the caller's scope by the service) and, for a station owner, the owner: a repository never
 * picks a tenant by itself.
 */

export interface MovementFilter {
  /** The tenants to read: the caller's scope, narrowed by the tenant selector. Never empty. */
  tenantPks: number[];
  /** A station owner sees only the recharges of the stations they own (no deposits). */
  ownerUserPk: number | null;
  target: MovementTarget | null;
  /** Which time the period and the order use: created_at, or moved_at (paid, else created). */
  time: 'created' | 'moved';
  direction: 'desc' | 'asc';
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  chargeBoxPk: number | null;
  /**
   * A movement or recharge id, or a part of the customer's e-mail (lower case, LIKE pattern);
   * neither: nothing matches. `userPks`: the customers the e-mail matched, when they are few
   * enough to read each one's movements from its own index (null: match by the pattern itself).
   */
  search: { id: number | null; emailLike: string | null; userPks?: number[] | null } | null;
}

/** Up to this many customers matched by an e-mail search are read one index range each. */
export const SEARCH_USER_LIMIT = 200;

/** Above this many tenants a page is read by one scan over the scope rather than one per tenant. */
const PER_TENANT_SCANS = 16;

const timeColumn = (f: MovementFilter) => sql.ref(f.time === 'created' ? 'm.created_at' : 'm.moved_at');
const dir = (f: MovementFilter) => sql.raw(f.direction === 'asc' ? 'asc' : 'desc');

/** Everything but the tenant: period, target, station, owner, search. */
function narrowing(f: MovementFilter, from: Date, to: Date): RawBuilder<boolean> {
  const t = timeColumn(f);
  const parts: RawBuilder<unknown>[] = [sql`${t} >= ${from}`, sql`${t} < ${to}`];
  if (f.target) parts.push(sql`m.target_type = ${f.target}`);
  if (f.chargeBoxPk !== null) parts.push(sql`m.charge_box_pk = ${f.chargeBoxPk}`);
  if (f.ownerUserPk !== null) parts.push(ownedStation({ ownerUserPk: f.ownerUserPk }, 'm.charge_box_pk'));
  if (f.search?.id != null) {
    // Each way through its own index (an OR would scan the period).
    parts.push(sql`m.movement_pk in (select s.movement_pk from financial_movements s where s.movement_pk = ${f.search.id}
                                      union all
                                      select s.movement_pk from financial_movements s where s.transaction_pk = ${f.search.id})`);
  } else if (f.search?.userPks != null) {
    parts.push(f.search.userPks.length ? sql`m.user_pk in (${sql.join(f.search.userPks)})` : sql`false`);
  } else if (f.search?.emailLike != null) {
    parts.push(sql`m.user_pk in (select u.user_pk from users u where lower(u.email) like ${f.search.emailLike})`);
  } else if (f.search) parts.push(sql`false`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

const inTenants = (tenantPks: number[]) => sql<boolean>`m.tenant_pk in (${sql.join(tenantPks)})`;

/**
 * The movement ids of one page, in order. One query when one index serves the order (a station,
 * one tenant, an id search) or the scope is large. Otherwise one ordered index scan per tenant —
 * or, for an e-mail search that matched a few customers, per customer (a fleet account has
 * a hundred thousand movements: sorting them all for ten rows is what this avoids) —, each
 * stopping at offset + size rows, merged: no query sorts the period's rows.
 */
export async function pageKeys(db: Executor, f: MovementFilter, offset: number, limit: number): Promise<number[]> {
  const t = timeColumn(f);
  const d = dir(f);
  const users = f.search?.userPks ?? null;
  let branchesBy: RawBuilder<boolean>[] | null = null;
  if (f.chargeBoxPk !== null) {
    // The station's own index gives the order.
  } else if (users !== null && users.length > 0 && users.length <= PER_TENANT_SCANS) {
    branchesBy = users.map((userPk) => sql<boolean>`m.user_pk = ${userPk} and ${inTenants(f.tenantPks)}`);
  } else if (!f.search && f.tenantPks.length > 1 && f.tenantPks.length <= PER_TENANT_SCANS) {
    branchesBy = f.tenantPks.map((tenantPk) => sql<boolean>`m.tenant_pk = ${tenantPk}`);
  }
  let rows: { pk: number }[];
  if (branchesBy === null || branchesBy.length === 1) {
    rows = (
      await sql<{ pk: number }>`
        select m.movement_pk as pk from financial_movements m
         where ${branchesBy?.[0] ?? inTenants(f.tenantPks)} and ${narrowing(f, f.from, f.to)}
         order by ${t} ${d}, m.movement_pk ${d}
         limit ${limit} offset ${offset}`.execute(db)
    ).rows;
  } else {
    const branches = branchesBy.map(
      (by) => sql`(select m.movement_pk as pk, ${t} as at from financial_movements m
          where ${by} and ${narrowing(f, f.from, f.to)}
          order by ${t} ${d}, m.movement_pk ${d} limit ${offset + limit})`,
    );
    rows = (
      await sql<{ pk: number }>`
        select x.pk from (${sql.join(branches, sql` union all `)}) x
         order by x.at ${d}, x.pk ${d}
         limit ${limit} offset ${offset}`.execute(db)
    ).rows;
  }
  return rows.map((r) => Number(r.pk));
}

/** The customers whose e-mail matches the pattern, up to `limit` + 1 (more than `limit`: too many to list). */
export async function usersByEmailLike(db: Executor, emailLike: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ user_pk: number }>`
    select u.user_pk from users u where lower(u.email) like ${emailLike} order by u.user_pk limit ${limit + 1}`.execute(db);
  return rows.map((r) => Number(r.user_pk));
}

export interface TotalsRow {
  target_type: MovementTarget;
  currency: string;
  movements: number;
  amount: number;
  completed: number;
  refunded: number;
  pending: number;
}

/** Counts and sums by target and currency, read from the movements of the period. */
export async function rawTotals(db: Executor, f: MovementFilter, from = f.from, to = f.to): Promise<TotalsRow[]> {
  if (from.getTime() >= to.getTime()) return [];
  const { rows } = await sql<TotalsRow>`
    select m.target_type, m.currency, count(*) as movements, coalesce(sum(m.amount), 0) as amount,
           coalesce(sum(financial_kept(m.payment_status, m.amount, m.refunded_amount)), 0) as completed,
           coalesce(sum(financial_refunded(m.payment_status, m.refunded_amount)), 0) as refunded,
           coalesce(sum(financial_pending(m.payment_status, m.amount)), 0) as pending
      from financial_movements m
     where ${inTenants(f.tenantPks)} and ${narrowing(f, from, to)}
     group by m.target_type, m.currency`.execute(db);
  return rows;
}

/**
 * Counts and sums by target and currency of whole UTC days [firstDay, endDay) from one of the
 * ledger's daily roll-ups (0022, 0035): the filter's tenants, time and target, and `narrow`.
 */
async function rolledUp(
  db: Executor,
  table: 'financial_daily' | 'financial_daily_station' | 'financial_daily_user',
  f: MovementFilter,
  firstDay: string,
  endDay: string,
  narrow: RawBuilder<boolean>[] = [],
): Promise<TotalsRow[]> {
  const parts = [
    sql<boolean>`d.tenant_pk in (${sql.join(f.tenantPks)})`,
    sql<boolean>`d.kind = ${f.time === 'created' ? 'C' : 'M'}`,
    sql<boolean>`d.day >= ${firstDay}::date and d.day < ${endDay}::date`,
    ...narrow,
  ];
  if (f.target) parts.push(sql<boolean>`d.target_type = ${f.target}`);
  const { rows } = await sql<TotalsRow>`
    select d.target_type, d.currency, sum(d.movements) as movements, sum(d.amount) as amount, sum(d.completed) as completed,
           sum(d.refunded) as refunded, sum(d.pending) as pending
      from ${sql.table(table)} d
     where ${sql.join(parts, sql` and `)}
     group by d.target_type, d.currency`.execute(db);
  return rows;
}

/** The tenants' roll-up. */
export function rolledUpTotals(db: Executor, f: MovementFilter, firstDay: string, endDay: string): Promise<TotalsRow[]> {
  return rolledUp(db, 'financial_daily', f, firstDay, endDay);
}

/** The stations' roll-up: one station, or a station owner's stations, of the filter's tenants. */
export function rolledUpStationTotals(db: Executor, f: MovementFilter, firstDay: string, endDay: string): Promise<TotalsRow[]> {
  const narrow = [ownedStation({ ownerUserPk: f.ownerUserPk }, 'd.charge_box_pk')];
  if (f.chargeBoxPk !== null) narrow.push(sql<boolean>`d.charge_box_pk = ${f.chargeBoxPk}`);
  return rolledUp(db, 'financial_daily_station', f, firstDay, endDay, narrow);
}

/** The customers' roll-up: the searched customers (`userPks`). Not for a station, an owner or an id search. */
export async function rolledUpUserTotals(
  db: Executor,
  f: MovementFilter,
  userPks: number[],
  firstDay: string,
  endDay: string,
): Promise<TotalsRow[]> {
  if (!userPks.length) return [];
  return rolledUp(db, 'financial_daily_user', f, firstDay, endDay, [sql<boolean>`d.user_pk in (${sql.join(userPks)})`]);
}

/** Everything a row of the screen shows, for the given movements (in no order). */
export function rowsOfKeys(db: Executor, keys: number[]) {
  return db
    .selectFrom('financial_movements as m')
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'm.tenant_pk')
    .leftJoin('users as u', 'u.user_pk', 'm.user_pk')
    .leftJoin('transactions as t', 't.transaction_pk', 'm.transaction_pk')
    .leftJoin('charge_boxes as cb', 'cb.charge_box_pk', 'm.charge_box_pk')
    .leftJoin('transaction_billing as b', (join) =>
      join.onRef('b.transaction_pk', '=', 'm.transaction_pk').on('m.is_idle_payment', '=', false),
    )
    .select([
      'm.movement_pk',
      'm.transaction_pk',
      'm.target_type',
      'm.is_idle_payment',
      'm.user_pk',
      'm.payment_type',
      'm.payment_status',
      'm.payment_status_detail',
      'm.voucher_unit_pk',
      'm.amount',
      'm.refunded_amount',
      'm.currency',
      'm.created_at',
      'm.paid_at',
      'm.invoice_state',
      'm.tenant_pk',
      'tn.name as tenant_name',
      'tn.alias as tenant_alias',
      'tn.logo_url as tenant_logo_url',
      'u.first_name',
      'u.last_name',
      'u.email',
      't.id_tag',
      't.stop_timestamp',
      'cb.charge_box_id',
      'cb.description as charge_box_description',
      'b.start_fee',
      'b.energy_amount',
      'b.operational_fee',
      'b.voucher_discount',
      'b.tax',
      'b.total',
      'b.energy_wh',
    ])
    .where('m.movement_pk', 'in', keys.length ? keys : [0])
    .execute();
}
export type MovementRow = Awaited<ReturnType<typeof rowsOfKeys>>[number];

/** The tenant and station of a movement (for the scope check of a refund or a resend). */
export function movementHeader(db: Executor, movementPk: number) {
  return db
    .selectFrom('financial_movements')
    .select(['movement_pk', 'tenant_pk', 'charge_box_pk', 'target_type', 'transaction_pk', 'is_idle_payment'])
    .where('movement_pk', '=', movementPk)
    .executeTakeFirst();
}

/** True when a station owner owns the station. */
export async function ownsStation(db: Executor, ownerUserPk: number, chargeBoxPk: number | null): Promise<boolean> {
  if (chargeBoxPk === null) return false;
  const row = await db
    .selectFrom('station_user_bindings')
    .select('charge_box_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('user_pk', '=', ownerUserPk)
    .where('owner', '=', true)
    .executeTakeFirst();
  return !!row;
}

// ---------------------------------------------------------------------------------------------
// Pickers and filters

/** A tenant of the scope by api key, with its path (for its children). */
export function tenantByApiKey(db: Executor, tenantPks: number[], apiKey: string) {
  return db
    .selectFrom('tenants')
    .select(['tenant_pk', 'path', 'currency'])
    .where('api_key', '=', apiKey)
    .where('tenant_pk', 'in', tenantPks)
    .executeTakeFirst();
}

/** The tenants of the scope below a path (the tenant itself included). */
export async function tenantsUnder(db: Executor, tenantPks: number[], path: string): Promise<number[]> {
  const rows = await db
    .selectFrom('tenants')
    .select('tenant_pk')
    .where('tenant_pk', 'in', tenantPks)
    .where(sql<boolean>`path like ${path.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`)
    .execute();
  return rows.map((r) => r.tenant_pk);
}

export function tenantCurrency(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select('currency').where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
}

export function tenantRows(db: Executor, tenantPks: number[]) {
  return db
    .selectFrom('tenants')
    .select(['tenant_pk', 'name', 'alias', 'api_key', 'parent_tenant_pk', 'currency', 'logo_url'])
    .where('tenant_pk', 'in', tenantPks)
    .orderBy('path')
    .execute();
}

/** A station of the given tenants by OCPP identity (a live one first, else the latest deleted one). */
export function stationByOcppId(db: Executor, tenantPks: number[], ownerUserPk: number | null, chargeBoxId: string) {
  return db
    .selectFrom('charge_boxes as cb')
    .select(['cb.charge_box_pk'])
    .where('cb.charge_box_id', '=', chargeBoxId)
    .where('cb.tenant_pk', 'in', tenantPks)
    .where(ownedStation({ ownerUserPk }, 'cb.charge_box_pk'))
    .orderBy(sql`cb.deleted_at is null`, 'desc')
    .orderBy('cb.charge_box_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stations of the given tenants for the selector: search on OCPP identity or description, by identity. */
export async function stationPage(
  db: Executor,
  tenantPks: number[],
  ownerUserPk: number | null,
  search: string | undefined,
  offset: number,
  limit: number,
) {
  let q = db
    .selectFrom('charge_boxes as cb')
    .where('cb.tenant_pk', 'in', tenantPks)
    .where('cb.deleted_at', 'is', null)
    .where(ownedStation({ ownerUserPk }, 'cb.charge_box_pk'));
  if (search) {
    const like = likeContains(search);
    q = q.where((eb) => eb.or([eb(folded(eb.ref('cb.charge_box_id')), 'like', like), eb(folded(eb.ref('cb.description')), 'like', like)]));
  }
  const [rows, total] = await Promise.all([
    q
      .select(['cb.charge_box_pk', 'cb.charge_box_id', 'cb.description', 'cb.tenant_pk'])
      .orderBy('cb.charge_box_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---------------------------------------------------------------------------------------------
// The ledger check

/**
 * Movements whose money does not add up, as double entries: the payer's side (the wallet's
 * entries for a wallet payment, else the outside money net of its refund rows) plus the
 * receiver's side (the wallet's entries for a deposit, else the tenant's revenue net of the
 * movement's refunded amount) must be zero; a movement that moved no money has neither entries nor
 * refunds. Only settled refunds count; a refund the provider refused gave its hold back (the two
 * wallet entries cancel out); a movement with a refund still on its way is checked once it is
 * settled. Empty when the ledger is sound.
 */
export async function ledgerImbalances(db: Executor) {
  const { rows } = await sql<{ movement_pk: number; payer: number; receiver: number }>`
    with legs as (
      select m.movement_pk, m.target_type, m.provider,
             case when m.payment_status in ('approved', 'refunded') and m.paid_at is not null then m.amount else 0 end as collected,
             m.refunded_amount,
             coalesce((select sum(r.amount) from payment_refunds r where r.movement_pk = m.movement_pk and r.state = 'settled'), 0) as refunds,
             coalesce((select sum(w.amount) from wallet_entries w where w.movement_pk = m.movement_pk), 0) as wallet
        from financial_movements m
       where not exists (select 1 from payment_refunds r where r.movement_pk = m.movement_pk and r.state in ('reserved', 'sent')))
    select movement_pk,
           case when target_type = 'TRANSACTION' and provider = 'wallet' then wallet else -(collected - refunds) end as payer,
           case when target_type = 'USER' then wallet else collected - refunded_amount end as receiver
      from legs
     where (case when target_type = 'TRANSACTION' and provider = 'wallet' then wallet else -(collected - refunds) end)
         + (case when target_type = 'USER' then wallet else collected - refunded_amount end) <> 0
        or (collected = 0 and (refunds <> 0 or wallet <> 0))
        or refunds <> refunded_amount`.execute(db);
  return rows;
}
