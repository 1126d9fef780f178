import { tenantsRelated } from '../../db/sql/tenant-related';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { VoucherKind, VoucherStatus, VoucherUserStatus } from '@recarga/contracts/vouchers';
import type { Executor } from '../../db/db';
import { preparedRows } from '../../db/prepared';
import type { VouchersTable } from '../../db/schema-vouchers';
import type { Insertable } from 'kysely';
import { folded, likeContains } from '../../db/sql/like';

/*
 * Status derivation, in SQL, from the clock the service passes (the server's Date, never the
 * database's now(), so a frozen test clock works on both databases):
 * - a user's copy is USED when its value is spent (MONEY/KWH) or its uses reached uses_per_user
 *   (PERCENT with expire_type USES_PER_USER); SUSPEND when used at least once but not spent; else
 *   NOT_USED;
 * - the voucher is INACTIVE when not active, else NOT_STARTED before start, EXPIRED from expire
 *   on, USED when every unit is a USED copy, else ACTIVE.
 */

/** The copy `vu` of voucher `v` is spent. */
export function copySpent(v = 'v', vu = 'vu'): RawBuilder<SqlBool> {
  const V = sql.ref(v);
  const U = sql.ref(vu);
  return sql<SqlBool>`((${V}.kind <> 'PERCENT_RECHARGE' and ${U}.value_used >= ${V}.amount)
    or (${V}.kind = 'PERCENT_RECHARGE' and ${V}.expire_type = 'USES_PER_USER' and ${U}.uses >= ${V}.uses_per_user))`;
}

export function copyStatus(v = 'v', vu = 'vu'): RawBuilder<VoucherUserStatus> {
  return sql<VoucherUserStatus>`case when ${copySpent(v, vu)} then 'USED' when ${sql.ref(vu)}.uses > 0 then 'SUSPEND' else 'NOT_USED' end`;
}

/** Units whose copy is spent. */
export function usedUnits(v = 'v'): RawBuilder<number> {
  return sql<number>`(select count(*)::int from voucher_users vu2 where vu2.voucher_pk = ${sql.ref(v)}.voucher_pk and ${copySpent(v, 'vu2')})`;
}

export function voucherStatus(now: Date, v = 'v'): RawBuilder<VoucherStatus> {
  const V = sql.ref(v);
  return sql<VoucherStatus>`case when not ${V}.active then 'INACTIVE'
    when ${now}::timestamptz < ${V}.start_at then 'NOT_STARTED'
    when ${now}::timestamptz >= ${V}.expire_at then 'EXPIRED'
    when ${usedUnits(v)} >= ${V}.units then 'USED'
    else 'ACTIVE' end`;
}

export interface ListFilters {
  tenantPks: number[];
  code?: string;
  title?: string;
  description?: string;
  kind?: VoucherKind;
  status?: VoucherStatus;
}

function filtered(db: Executor, f: ListFilters, now: Date) {
  let q = db
    .selectFrom('vouchers as v')
    .innerJoin('tenants as t', 't.tenant_pk', 'v.tenant_pk')
    .where('v.tenant_pk', 'in', f.tenantPks.length ? f.tenantPks : [-1]);
  if (f.code) q = q.where('v.code', 'like', `%${f.code.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.title) q = q.where(folded(sql.ref('v.title') as Expression<string>), 'like', likeContains(f.title));
  if (f.description) q = q.where(folded(sql.ref('v.description') as Expression<string>), 'like', likeContains(f.description));
  if (f.kind) q = q.where('v.kind', '=', f.kind);
  if (f.status) q = q.where(voucherStatus(now), '=', f.status);
  return q;
}

const listColumns = (now: Date) =>
  [
    'v.voucher_pk',
    'v.tenant_pk',
    'v.code',
    'v.title',
    'v.description',
    'v.kind',
    'v.amount',
    'v.fraction',
    'v.units',
    'v.start_at',
    'v.expire_at',
    'v.active',
    'v.expire_type',
    'v.uses_per_user',
    'v.all_charge_boxes',
    'v.created_at',
    't.currency',
    usedUnits().as('used_units'),
    voucherStatus(now).as('status'),
  ] as const;

export async function listVouchers(db: Executor, f: ListFilters, now: Date, page: number, size: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f, now)
      .select(listColumns(now))
      .orderBy('v.voucher_pk', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    filtered(db, f, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
export type ListRow = Awaited<ReturnType<typeof listVouchers>>['rows'][number];

/** The most recent voucher of a code among these tenants. */
export function lastOfCode(db: Executor, tenantPks: number[], code: string, now: Date) {
  return db
    .selectFrom('vouchers as v')
    .innerJoin('tenants as t', 't.tenant_pk', 'v.tenant_pk')
    .select(listColumns(now))
    .where('v.tenant_pk', 'in', tenantPks.length ? tenantPks : [-1])
    .where('v.code', '=', code)
    .orderBy('v.voucher_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** An ACTIVE voucher of the tenant with this code (other than `exceptPk`). */
export function activeWithCode(db: Executor, tenantPk: number, code: string, now: Date, exceptPk?: number) {
  let q = db
    .selectFrom('vouchers as v')
    .select('v.voucher_pk')
    .where('v.tenant_pk', '=', tenantPk)
    .where('v.code', '=', code)
    .where(voucherStatus(now), '=', 'ACTIVE');
  if (exceptPk !== undefined) q = q.where('v.voucher_pk', '<>', exceptPk);
  return q.executeTakeFirst();
}

/** One voucher with everything the detail shows, when it belongs to these tenants. */
export function voucherDetail(db: Executor, tenantPks: number[], voucherPk: number, now: Date) {
  return db
    .selectFrom('vouchers as v')
    .innerJoin('tenants as t', 't.tenant_pk', 'v.tenant_pk')
    .leftJoin('users as cu', 'cu.user_pk', 'v.created_by')
    .select(listColumns(now))
    .select([
      sql<string>`coalesce(trim(cu.first_name || ' ' || cu.last_name), '')`.as('created_user_name'),
      sql<number>`(select coalesce(sum(x.value_used), 0) from voucher_users x where x.voucher_pk = v.voucher_pk)`.as('value_used'),
      sql<number>`(select coalesce(sum(x.discount_total), 0) from voucher_users x where x.voucher_pk = v.voucher_pk)`.as('discount_total'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('voucher_charge_boxes as vcb')
            .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'vcb.charge_box_pk')
            .select([
              'cb.charge_box_pk',
              'cb.charge_box_id',
              sql<string>`coalesce(nullif(cb.description, ''), cb.charge_box_id)`.as('name'),
            ])
            .whereRef('vcb.voucher_pk', '=', 'v.voucher_pk')
            .orderBy('cb.charge_box_pk'),
        ).as('charge_boxes'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('voucher_users as vu')
            .innerJoin('users as u', 'u.user_pk', 'vu.user_pk')
            .select([
              'vu.user_pk',
              'vu.uses',
              'vu.value_used',
              'u.email',
              sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('name'),
              copyStatus().as('status'),
            ])
            .whereRef('vu.voucher_pk', '=', 'v.voucher_pk')
            .orderBy('vu.voucher_user_pk'),
        ).as('users'),
    ])
    .where('v.voucher_pk', '=', voucherPk)
    .where('v.tenant_pk', 'in', tenantPks.length ? tenantPks : [-1])
    .executeTakeFirst();
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof voucherDetail>>>;

/** The voucher row, locked for an update (same tenants rule). */
export function lockVoucher(db: Executor, tenantPks: number[], voucherPk: number) {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('voucher_pk', '=', voucherPk)
    .where('tenant_pk', 'in', tenantPks.length ? tenantPks : [-1])
    .forUpdate()
    .executeTakeFirst();
}

/** The copies of a voucher with what they used, locked (an update changes the selection). */
export function lockCopies(db: Executor, voucherPk: number) {
  return db
    .selectFrom('voucher_users')
    .select(['voucher_user_pk', 'user_pk', 'uses', 'value_used'])
    .where('voucher_pk', '=', voucherPk)
    .orderBy('voucher_user_pk')
    .forUpdate()
    .execute();
}

export function insertVoucher(db: Executor, row: Insertable<VouchersTable>) {
  return db.insertInto('vouchers').values(row).returning('voucher_pk').executeTakeFirstOrThrow();
}

/** Of these stations, the ones that are live stations of the tenant or a tenant below it. */
export async function stationsOfTenant(db: Executor, tenantPk: number, chargeBoxPks: number[]): Promise<Set<number>> {
  if (!chargeBoxPks.length) return new Set();
  const rows = await db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as st', 'st.tenant_pk', 'cb.tenant_pk')
    .innerJoin('tenants as vt', (j) => j.on('vt.tenant_pk', '=', tenantPk))
    .select('cb.charge_box_pk')
    .where('cb.charge_box_pk', 'in', chargeBoxPks)
    .where('cb.deleted_at', 'is', null)
    .where(sql<SqlBool>`st.path like vt.path || '%'`)
    .execute();
  return new Set(rows.map((r) => r.charge_box_pk));
}

/**
 * Of these users, the ones related to the tenant: their tenant is the voucher's, one below it or
 * one above it (the same relation as the CPF lookup's tenant_related).
 */
export async function usersRelatedTo(db: Executor, tenantPk: number, userPks: number[]): Promise<Set<number>> {
  if (!userPks.length) return new Set();
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('tenants as ut', 'ut.tenant_pk', 'u.tenant_pk')
    .innerJoin('tenants as vt', (j) => j.on('vt.tenant_pk', '=', tenantPk))
    .select('u.user_pk')
    .where('u.user_pk', 'in', userPks)
    .where(tenantsRelated('ut.path', 'vt.path'))
    .execute();
  return new Set(rows.map((r) => r.user_pk));
}

/** The activity history: uses newest first, optionally one user's. */
export async function history(db: Executor, voucherPk: number, userPk: number | undefined, page: number, size: number) {
  let base = db.selectFrom('voucher_uses as x').where('x.voucher_pk', '=', voucherPk);
  if (userPk !== undefined) base = base.where('x.user_pk', '=', userPk);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('vouchers as v', 'v.voucher_pk', 'x.voucher_pk')
      .innerJoin('tenants as t', 't.tenant_pk', 'v.tenant_pk')
      .innerJoin('transactions as tr', 'tr.transaction_pk', 'x.transaction_pk')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'tr.charge_box_pk')
      .innerJoin('users as u', 'u.user_pk', 'x.user_pk')
      .select([
        'x.transaction_pk',
        'tr.start_timestamp',
        sql<string>`coalesce(nullif(cb.description, ''), cb.charge_box_id)`.as('charge_box_name'),
        'cb.street',
        'cb.house_number',
        'cb.city',
        'v.kind',
        'v.amount',
        'v.fraction',
        'v.expire_type',
        'v.uses_per_user',
        't.currency',
        'x.value_used',
        'x.balance_after',
        'x.amount_discounted',
        'x.recharge_amount',
        'x.used_at',
        'x.refunded_at',
        'x.user_pk',
        'u.email',
        sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('user_name'),
      ])
      .orderBy('x.used_at', 'desc')
      .orderBy('x.voucher_use_pk', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

// ---------------------------------------------------------------------------------------------
// Billing

/**
 * Billing's lookup, one indexed query: the copy of this user that may pay a recharge of this
 * station at this instant — voucher active and inside its window, the station allowed (listed, or
 * any station of the voucher's tenant or below it), the copy not spent — the one expiring first
 * (then the oldest voucher), locked so that two recharges never spend it twice.
 */
export async function lockApplicableCopy(db: Executor, req: { userPk: number; chargeBoxPk: number; at: Date }) {
  const query = db
    .selectFrom('voucher_users as vu')
    .innerJoin('vouchers as v', 'v.voucher_pk', 'vu.voucher_pk')
    .select([
      'vu.voucher_user_pk',
      'vu.voucher_pk',
      'vu.uses',
      'vu.value_used',
      'v.kind',
      'v.amount',
      'v.fraction',
      'v.expire_type',
      'v.uses_per_user',
    ])
    .where('vu.user_pk', '=', req.userPk)
    .where('v.active', '=', true)
    .where('v.start_at', '<=', req.at)
    .where('v.expire_at', '>', req.at)
    .where(sql<SqlBool>`not ${copySpent()}`)
    .where(
      sql<SqlBool>`case when v.all_charge_boxes then exists (
          select 1 from charge_boxes cb
          join tenants st on st.tenant_pk = cb.tenant_pk
          join tenants vt on vt.tenant_pk = v.tenant_pk
          where cb.charge_box_pk = ${req.chargeBoxPk} and st.path like vt.path || '%')
        else exists (select 1 from voucher_charge_boxes vcb where vcb.voucher_pk = v.voucher_pk and vcb.charge_box_pk = ${req.chargeBoxPk}) end`,
    )
    .orderBy('v.expire_at')
    .orderBy('v.voucher_pk')
    .limit(1)
    .forUpdate('vu');
  return (await preparedRows(db, query))[0];
}

/** The use of a recharge (live or refunded). */
export function useOfTransaction(db: Executor, transactionPk: number) {
  return db.selectFrom('voucher_uses').selectAll().where('transaction_pk', '=', transactionPk).executeTakeFirst();
}

/** Locks a copy by its key. */
export function lockCopy(db: Executor, voucherUserPk: number) {
  return db.selectFrom('voucher_users').selectAll().where('voucher_user_pk', '=', voucherUserPk).forUpdate().executeTakeFirst();
}

/** Changes a copy's counters by these amounts (a use: +; a use given back: −). */
export function moveCopy(db: Executor, voucherUserPk: number, d: { uses: number; valueUsed: number; discount: number }) {
  return db
    .updateTable('voucher_users')
    .set({
      uses: sql<number>`uses + ${d.uses}`,
      value_used: sql<number>`value_used + ${d.valueUsed}`,
      discount_total: sql<number>`discount_total + ${d.discount}`,
    })
    .where('voucher_user_pk', '=', voucherUserPk)
    .execute();
}

export { sql };
