import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { hasConfigTec } from '../../db/sql/has-config-tec';
import { folded, likeContains } from '../../db/sql/like';
import { onlineExpression } from '../../ocpp/connections';
import type { TenantScope } from '../../platform/auth/context';

/** SQL of virtual groups. Every statement takes the tenant keys the caller may touch. */

export interface Page {
  limit: number;
  offset: number;
}

function groupsOf(db: Executor, tenantPks: number[], search?: string) {
  let q = db.selectFrom('virtual_groups as g').where('g.tenant_pk', 'in', tenantPks);
  if (search)
    q = q.where((eb) =>
      eb.or([
        eb(folded(sql.ref('g.name')), 'like', likeContains(search)),
        eb(folded(sql.ref('g.description')), 'like', likeContains(search)),
      ]),
    );
  return q;
}

export function listGroups(db: Executor, tenantPks: number[], search: string | undefined, page: Page) {
  return groupsOf(db, tenantPks, search)
    .leftJoin('virtual_group_pricing as vp', 'vp.virtual_group_pk', 'g.virtual_group_pk')
    .select([
      'g.virtual_group_pk',
      'g.name',
      'g.description',
      'g.tenant_pk',
      sql<number>`(select count(*) from virtual_group_charge_boxes m where m.virtual_group_pk = g.virtual_group_pk)`.as('charge_box_count'),
      sql<boolean>`coalesce(vp.enabled, false)`.as('pricing_enabled'),
      sql<string[] | null>`(select array_agg(distinct p.name order by p.name) from pricing_profiles p
        where p.pricing_profile_pk in (vp.connector1_profile_pk, vp.connector2_profile_pk, vp.connector3_profile_pk))`.as('profile_names'),
    ])
    .orderBy('g.virtual_group_pk', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countGroups(db: Executor, tenantPks: number[], search?: string): Promise<number> {
  const row = await groupsOf(db, tenantPks, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function groupInScope(db: Executor, tenantPks: number[], groupPk: number) {
  return db
    .selectFrom('virtual_groups as g')
    .leftJoin('virtual_group_pricing as vp', 'vp.virtual_group_pk', 'g.virtual_group_pk')
    .innerJoin('tenants as t', 't.tenant_pk', 'g.tenant_pk')
    .select([
      'g.virtual_group_pk',
      'g.name',
      'g.description',
      'g.tenant_pk',
      't.path as tenant_path',
      'g.created_at',
      sql<number>`(select count(*) from virtual_group_charge_boxes m where m.virtual_group_pk = g.virtual_group_pk)`.as('charge_box_count'),
      sql<boolean>`coalesce(vp.enabled, false)`.as('pricing_enabled'),
      'vp.connector1_profile_pk',
      'vp.connector2_profile_pk',
      'vp.connector3_profile_pk',
    ])
    .where('g.virtual_group_pk', '=', groupPk)
    .where('g.tenant_pk', 'in', tenantPks)
    .executeTakeFirst();
}

export async function insertGroup(db: Executor, g: { tenantPk: number; name: string; description: string }) {
  const row = await db
    .insertInto('virtual_groups')
    .values({ tenant_pk: g.tenantPk, name: g.name, description: g.description })
    .returning('virtual_group_pk')
    .executeTakeFirstOrThrow();
  return row.virtual_group_pk;
}

export async function updateGroup(db: Executor, groupPk: number, g: { name: string; description: string }) {
  await db
    .updateTable('virtual_groups')
    .set({ name: g.name, description: g.description, updated_at: new Date() })
    .where('virtual_group_pk', '=', groupPk)
    .execute();
}

export async function deleteGroup(db: Executor, groupPk: number) {
  await db.deleteFrom('virtual_groups').where('virtual_group_pk', '=', groupPk).execute();
}

/** Sets the group's pricing (one row per group). */
export async function upsertPricing(
  db: Executor,
  groupPk: number,
  p: { enabled: boolean; connector1: number | null; connector2: number | null; connector3: number | null },
) {
  const values = {
    enabled: p.enabled,
    connector1_profile_pk: p.connector1,
    connector2_profile_pk: p.connector2,
    connector3_profile_pk: p.connector3,
    updated_at: new Date(),
  };
  await db
    .insertInto('virtual_group_pricing')
    .values({ virtual_group_pk: groupPk, ...values })
    .onConflict((oc) => oc.column('virtual_group_pk').doUpdateSet(values))
    .execute();
}

/** Stations of these tenants (active, not deleted, connecting to us), by key: the ones a group may hold. */
export function stationsByPk(db: Executor, tenantPaths: string, pks: number[], scope: TenantScope) {
  if (pks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as t', 't.tenant_pk', 'cb.tenant_pk')
    .leftJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'cb.charge_box_pk')
    .leftJoin('virtual_groups as g', 'g.virtual_group_pk', 'm.virtual_group_pk')
    .select(['cb.charge_box_pk', 'cb.charge_box_id', 'm.virtual_group_pk', 'g.name as group_name'])
    .where('cb.charge_box_pk', 'in', pks)
    .where('cb.deleted_at', 'is', null)
    .where('cb.origin', '=', 'MOVE')
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`t.path like ${tenantPaths} || '%'`)
    .execute();
}

/** Adds members; a charger already in a group is left where it is (the unique key says so). Returns how many were added. */
export async function addMembers(db: Executor, groupPk: number, chargeBoxPks: number[]): Promise<number> {
  if (chargeBoxPks.length === 0) return 0;
  const rows = await db
    .insertInto('virtual_group_charge_boxes')
    .values(chargeBoxPks.map((pk) => ({ virtual_group_pk: groupPk, charge_box_pk: pk })))
    .onConflict((oc) => oc.column('charge_box_pk').doNothing())
    .returning('virtual_group_charge_box_pk')
    .execute();
  return rows.length;
}

export function membershipInScope(db: Executor, tenantPks: number[], membershipPk: number) {
  return db
    .selectFrom('virtual_group_charge_boxes as m')
    .innerJoin('virtual_groups as g', 'g.virtual_group_pk', 'm.virtual_group_pk')
    .select(['m.virtual_group_charge_box_pk', 'm.virtual_group_pk'])
    .where('m.virtual_group_charge_box_pk', '=', membershipPk)
    .where('g.tenant_pk', 'in', tenantPks)
    .executeTakeFirst();
}

export async function removeMember(db: Executor, membershipPk: number) {
  await db.deleteFrom('virtual_group_charge_boxes').where('virtual_group_charge_box_pk', '=', membershipPk).execute();
}

const address = sql<string | null>`nullif(concat_ws(', ', nullif(concat_ws(' ', cb.street, cb.house_number), ''), cb.city, cb.state), '')`;

function chargerColumns(pingIntervalSec: number) {
  return [
    'cb.charge_box_pk',
    'cb.charge_box_id',
    'cb.description',
    address.as('address'),
    hasConfigTec.as('has_config_tec'),
    'm.virtual_group_pk',
    'm.virtual_group_charge_box_pk',
    'g.name as group_name',
    onlineExpression(sql.ref('cb.charge_box_pk'), pingIntervalSec).as('online'),
  ] as const;
}

/** The chargers a picker offers: stations of the scope, searchable by id or description, free ones first. */
function pickerQuery(db: Executor, scope: TenantScope, tenantPks: number[], search: string | undefined, onlyFree: boolean) {
  let q = db
    .selectFrom('charge_boxes as cb')
    .leftJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'cb.charge_box_pk')
    .leftJoin('virtual_groups as g', 'g.virtual_group_pk', 'm.virtual_group_pk')
    .where('cb.deleted_at', 'is', null)
    .where('cb.origin', '=', 'MOVE')
    .where(
      'cb.tenant_pk',
      'in',
      tenantPks.filter((pk) => scope.tenantPks.includes(pk)),
    );
  if (search)
    q = q.where((eb) =>
      eb.or([
        eb(folded(sql.ref('cb.charge_box_id')), 'like', likeContains(search)),
        eb(folded(sql.ref('cb.description')), 'like', likeContains(search)),
      ]),
    );
  if (onlyFree) q = q.where('m.virtual_group_pk', 'is', null);
  return q;
}

export function pickChargers(
  db: Executor,
  scope: TenantScope,
  tenantPks: number[],
  opts: { search?: string; onlyFree: boolean; page: Page; pingIntervalSec: number },
) {
  return pickerQuery(db, scope, tenantPks, opts.search, opts.onlyFree)
    .select(chargerColumns(opts.pingIntervalSec))
    .orderBy(sql`m.virtual_group_pk is not null`)
    .orderBy('cb.charge_box_id')
    .limit(opts.page.limit)
    .offset(opts.page.offset)
    .execute();
}

export async function countChargers(db: Executor, scope: TenantScope, tenantPks: number[], opts: { search?: string; onlyFree: boolean }) {
  const row = await pickerQuery(db, scope, tenantPks, opts.search, opts.onlyFree)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A group's chargers, in the order they joined. */
export function groupChargers(db: Executor, groupPk: number, page: Page, pingIntervalSec: number) {
  return db
    .selectFrom('virtual_group_charge_boxes as m')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'm.charge_box_pk')
    .innerJoin('virtual_groups as g', 'g.virtual_group_pk', 'm.virtual_group_pk')
    .select(chargerColumns(pingIntervalSec))
    .where('m.virtual_group_pk', '=', groupPk)
    .orderBy('m.virtual_group_charge_box_pk')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * The group's events, newest first, paged in SQL: its stations' notifications and, with
 * `withSmart`, its load manager's events (smart-charging module, migration 0021).
 */
export function groupEvents(db: Executor, groupPk: number, page: Page, withSmart: boolean) {
  const station = db
    .selectFrom('notifications as n')
    .innerJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'n.charge_box_pk')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'n.charge_box_pk')
    .select([
      sql<'STATION' | 'SMART_CHARGING'>`'STATION'`.as('source'),
      sql<string>`n.type`.as('type'),
      sql<Date>`n.notification_timestamp`.as('at'),
      sql<number | null>`n.connector_id`.as('connector_id'),
      sql<string | null>`cb.charge_box_id`.as('charge_box_id'),
      sql<unknown>`null::jsonb`.as('detail'),
      sql<number>`n.notification_pk::bigint`.as('pk'),
    ])
    .where('m.virtual_group_pk', '=', groupPk);
  const all = withSmart
    ? station.unionAll(
        db
          .selectFrom('smart_charging_events as e')
          .leftJoin('charge_boxes as cb', 'cb.charge_box_pk', 'e.charge_box_pk')
          .select([
            sql<'STATION' | 'SMART_CHARGING'>`'SMART_CHARGING'`.as('source'),
            sql<string>`e.kind`.as('type'),
            sql<Date>`e.at`.as('at'),
            sql<number | null>`null::integer`.as('connector_id'),
            sql<string | null>`cb.charge_box_id`.as('charge_box_id'),
            sql<unknown>`e.detail`.as('detail'),
            sql<number>`e.event_pk`.as('pk'),
          ])
          .where('e.virtual_group_pk', '=', groupPk),
      )
    : station;
  return db
    .selectFrom(all.as('ev'))
    .selectAll()
    .orderBy('ev.at', 'desc')
    .orderBy('ev.source')
    .orderBy('ev.pk', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countGroupEvents(db: Executor, groupPk: number, withSmart: boolean) {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'n.charge_box_pk')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.virtual_group_pk', '=', groupPk)
    .executeTakeFirstOrThrow();
  if (!withSmart) return Number(row.n);
  const smart = await db
    .selectFrom('smart_charging_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('virtual_group_pk', '=', groupPk)
    .executeTakeFirstOrThrow();
  return Number(row.n) + Number(smart.n);
}

/** Recharges at the group's chargers (accepted starts only), newest first, with their price when priced. */
export function groupTransactions(db: Executor, groupPk: number, page: Page) {
  return db
    .selectFrom('transactions as x')
    .innerJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'x.charge_box_pk')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
    .innerJoin('connectors as c', 'c.connector_pk', 'x.connector_pk')
    .innerJoin('tenants as t', 't.tenant_pk', 'x.tenant_pk')
    .leftJoin('transaction_billing as b', 'b.transaction_pk', 'x.transaction_pk')
    .select([
      'x.transaction_pk',
      'x.start_timestamp',
      'x.stop_timestamp',
      sql<number | null>`coalesce(x.energy_wh, x.stop_value_wh - x.start_value_wh)`.as('energy_wh'),
      'c.connector_id',
      'cb.charge_box_id',
      'b.total',
      't.currency',
    ])
    .where('m.virtual_group_pk', '=', groupPk)
    .where('x.id_tag_status', '=', 'Accepted')
    .orderBy('x.start_timestamp', 'desc')
    .orderBy('x.transaction_pk', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countGroupTransactions(db: Executor, groupPk: number) {
  const row = await db
    .selectFrom('transactions as x')
    .innerJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'x.charge_box_pk')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.virtual_group_pk', '=', groupPk)
    .where('x.id_tag_status', '=', 'Accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: Executor, groupPk: number) {
  const row = await db
    .selectFrom('virtual_group_charge_boxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('virtual_group_pk', '=', groupPk)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pricing profiles a group of this tenant may use: its own network's or an ancestor's, of the scope. */
export function usableProfiles(db: Executor, scope: TenantScope, groupTenantPath: string, uuids: string[]) {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pricing_profiles as p')
    .innerJoin('tenants as t', 't.tenant_pk', 'p.tenant_pk')
    .select(['p.pricing_profile_pk', 'p.uuid', 'p.name'])
    .where('p.uuid', 'in', uuids)
    .where('p.tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`${groupTenantPath} like t.path || '%'`)
    .execute();
}

export function profilesByPk(db: Executor, pks: number[]) {
  if (pks.length === 0) return Promise.resolve([]);
  return db.selectFrom('pricing_profiles').select(['pricing_profile_pk', 'uuid', 'name']).where('pricing_profile_pk', 'in', pks).execute();
}

export function tenantPath(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select('path').where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
}
