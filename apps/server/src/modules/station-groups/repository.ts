import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { folded, likeContains } from '../../db/sql/like';

/** `%term%` for a case-insensitive LIKE on lower(...), wildcards in the term taken literally. */

export interface GroupFilters {
  search?: string;
  tenantPk?: number;
  sort: 'name' | 'address' | 'externalId';
  desc: boolean;
  limit: number;
  offset: number;
}

function filtered(db: Executor, scope: TenantScope, f: Pick<GroupFilters, 'search' | 'tenantPk'>) {
  let q = db.selectFrom('station_groups as g').where('g.tenant_pk', 'in', scope.tenantPks);
  if (f.tenantPk !== undefined) q = q.where('g.tenant_pk', '=', f.tenantPk);
  if (f.search) q = q.where(sql<boolean>`${folded(sql.ref('g.name'))} like ${likeContains(f.search)}`);
  return q;
}

function withColumns(q: ReturnType<typeof filtered>, scope: TenantScope) {
  return q
    .innerJoin('tenants as t', 't.tenant_pk', 'g.tenant_pk')
    .select([
      'g.charge_box_group_pk',
      'g.name',
      'g.status',
      'g.external_id',
      'g.tenant_pk',
      't.name as tenant_name',
      'g.street',
      'g.house_number',
      'g.zip_code',
      'g.city',
      'g.state',
      'g.country',
      'g.location_latitude',
      'g.location_longitude',
      sql<number>`(select count(*) from charge_boxes cb where cb.charge_box_group_pk = g.charge_box_group_pk and cb.deleted_at is null and cb.tenant_pk in (${sql.join(scope.tenantPks)}))`.as(
        'station_count',
      ),
    ]);
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

export async function listGroups(db: Executor, scope: TenantScope, f: GroupFilters): Promise<GroupRow[]> {
  const dir = f.desc ? sql`desc` : sql`asc`;
  const order =
    f.sort === 'address'
      ? sql`lower(g.street) ${dir} nulls last, g.house_number ${dir} nulls last, lower(g.city) ${dir} nulls last`
      : f.sort === 'externalId'
        ? sql`lower(g.external_id) ${dir} nulls last`
        : sql`lower(g.name) ${dir}`;
  return withColumns(filtered(db, scope, f), scope)
    .orderBy(sql`${order}, g.charge_box_group_pk`)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

export async function countGroups(db: Executor, scope: TenantScope, f: Pick<GroupFilters, 'search' | 'tenantPk'>): Promise<number> {
  const row = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findGroup(db: Executor, scope: TenantScope, pk: number) {
  return withColumns(filtered(db, scope, {}), scope)
    .where('g.charge_box_group_pk', '=', pk)
    .executeTakeFirst();
}

export function groupStations(db: Executor, scope: TenantScope, pk: number) {
  return db
    .selectFrom('charge_boxes')
    .select(['charge_box_pk', 'charge_box_id', 'description', 'active', 'city', 'state'])
    .where('charge_box_group_pk', '=', pk)
    .where('deleted_at', 'is', null)
    .where('tenant_pk', 'in', scope.tenantPks)
    .orderBy('charge_box_id')
    .execute();
}

export interface GroupValues {
  tenant_pk: number;
  name: string;
  external_id: string | null;
  status: string;
  street: string;
  house_number: string;
  zip_code: string;
  city: string;
  state: string;
  country: string;
  location_latitude: number;
  location_longitude: number;
}

export async function insertGroup(db: Executor, values: GroupValues): Promise<number> {
  const row = await db.insertInto('station_groups').values(values).returning('charge_box_group_pk').executeTakeFirstOrThrow();
  return row.charge_box_group_pk;
}

/** Updates a group of the scope; false when there is none with that key. */
export async function updateGroup(db: Executor, scope: TenantScope, pk: number, values: GroupValues): Promise<boolean> {
  const res = await db
    .updateTable('station_groups')
    .set({ ...values, updated_at: new Date() })
    .where('charge_box_group_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
