import { sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/db';
import type { PlugSharePoint } from './rows';

/** SQL of the third-party point import. Points are charge_boxes rows with origin PLUG_SHARE. */

/** The OCPP identity given to an imported point: never a real station's (those cannot start with the prefix and tenant). */
export const pointChargeBoxId = (tenantPk: number, id: string) => `PS-${tenantPk}-${id}`;

const CHUNK = 500;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

export function connectorTypes(db: Executor) {
  return db.selectFrom('connector_types').select(['connector_type_pk', 'name']).orderBy('connector_type_pk').execute();
}

/** Stations that are not this tenant's points but already hold one of these ids (not deleted). */
export async function idsTakenByOthers(db: Executor, tenantPk: number, chargeBoxIds: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(chargeBoxIds)) {
    const rows = await db
      .selectFrom('charge_boxes')
      .select('charge_box_id')
      .where('charge_box_id', 'in', part)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('origin', '<>', 'PLUG_SHARE'), eb('tenant_pk', '<>', tenantPk)]))
      .execute();
    for (const r of rows) taken.add(r.charge_box_id);
  }
  return taken;
}

/** The tenant's current points (not deleted), by external id. */
export async function existingPoints(db: Executor, tenantPk: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('charge_boxes')
    .select(['charge_box_pk', 'external_id'])
    .where('tenant_pk', '=', tenantPk)
    .where('origin', '=', 'PLUG_SHARE')
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.filter((r) => r.external_id !== null).map((r) => [r.external_id!, r.charge_box_pk]));
}

export async function insertPoints(trx: Transaction<DB>, tenantPk: number, country: string, points: PlugSharePoint[]): Promise<number[]> {
  const pks: number[] = [];
  for (const part of chunks(points)) {
    const rows = await sql<{ charge_box_pk: number }>`
      insert into charge_boxes (charge_box_id, tenant_pk, external_id, origin, description, location_latitude, location_longitude,
                                street, city, state, country, active, show_location)
      values ${sql.join(
        part.map(
          (p) =>
            sql`(${pointChargeBoxId(tenantPk, p.id)}, ${tenantPk}, ${p.id}, 'PLUG_SHARE', ${p.name}, ${p.latitude}, ${p.longitude},
                 ${p.street}, ${p.city}, ${p.state}, ${country}, true, true)`,
        ),
      )}
      returning charge_box_pk`.execute(trx);
    pks.push(...rows.rows.map((r) => r.charge_box_pk));
  }
  return pks;
}

export async function updatePoints(trx: Transaction<DB>, points: { pk: number; p: PlugSharePoint }[]): Promise<void> {
  for (const part of chunks(points)) {
    await sql`
      update charge_boxes cb
         set description = v.name, location_latitude = v.lat, location_longitude = v.lon,
             street = v.street, city = v.city, state = v.state, updated_at = now()
        from (values ${sql.join(
          part.map(
            ({ pk, p }) =>
              sql`(${pk}::int, ${p.name}::text, ${p.latitude}::double precision, ${p.longitude}::double precision, ${p.street}::text, ${p.city}::text, ${p.state}::text)`,
          ),
        )}) as v(pk, name, lat, lon, street, city, state)
       where cb.charge_box_pk = v.pk`.execute(trx);
  }
}

/** Replaces the connectors of these points (points never have recharges: the central system refuses them). */
export async function replaceConnectors(trx: Transaction<DB>, points: { pk: number; typePks: number[] }[]): Promise<void> {
  for (const part of chunks(points)) {
    await trx
      .deleteFrom('connectors')
      .where(
        'charge_box_pk',
        'in',
        part.map((p) => p.pk),
      )
      .execute();
  }
  const rows = points.flatMap((p) =>
    p.typePks.map((typePk, i) => ({
      charge_box_pk: p.pk,
      connector_id: i + 1,
      connector_type_pk: typePk,
      power_max: null,
      money_per_kilowatt_income: null,
      money_per_duration_income: null,
      unusual_status: null,
    })),
  );
  for (const part of chunks(rows)) await trx.insertInto('connectors').values(part).execute();
}

/** Soft-deletes the tenant's points whose keys are not in `keep`; returns how many. */
export async function removeOtherPoints(trx: Transaction<DB>, tenantPk: number, keep: number[]): Promise<number> {
  let q = trx
    .updateTable('charge_boxes')
    .set({ deleted_at: new Date() })
    .where('tenant_pk', '=', tenantPk)
    .where('origin', '=', 'PLUG_SHARE')
    .where('deleted_at', 'is', null);
  if (keep.length) q = q.where('charge_box_pk', 'not in', keep);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0);
}

/** The tenant's current points (not deleted) with their connector type names, by file id. */
export function listPoints(db: Executor, tenantPk: number) {
  return db
    .selectFrom('charge_boxes as cb')
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.external_id',
      'cb.description',
      'cb.location_latitude',
      'cb.location_longitude',
      'cb.street',
      'cb.city',
      'cb.state',
      'cb.updated_at',
      sql<string[]>`coalesce((
        select array_agg(coalesce(ct.name, '') order by c.connector_id)
        from connectors c left join connector_types ct on ct.connector_type_pk = c.connector_type_pk
        where c.charge_box_pk = cb.charge_box_pk and c.connector_id > 0), '{}')`.as('connectors'),
    ])
    .where('cb.tenant_pk', '=', tenantPk)
    .where('cb.origin', '=', 'PLUG_SHARE')
    .where('cb.deleted_at', 'is', null)
    .orderBy('cb.external_id')
    .execute();
}
