import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { likeContains } from '../../db/sql/like';

/** SQL of meters and their readings. Every statement a user's call makes takes the tenant keys the caller may touch. */

export interface Page {
  limit: number;
  offset: number;
}

const meterColumns = ['m.meter_pk', 'm.tenant_pk', 'm.mac_address', 'm.device_remote_id', 'm.created_at'] as const;

/** Meters of these tenants with their latest reading (null columns before the first one). */
function metersWithLatest(db: Executor, tenantPks: number[]) {
  return db
    .selectFrom('meters as m')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('meter_measurements as mm')
          .select(['mm.measured_at', 'mm.phase_1_a', 'mm.phase_2_a', 'mm.phase_3_a'])
          .whereRef('mm.meter_pk', '=', 'm.meter_pk')
          .orderBy('mm.measured_at', 'desc')
          .limit(1)
          .as('l'),
      (join) => join.onTrue(),
    )
    .select([...meterColumns, 'l.measured_at', 'l.phase_1_a', 'l.phase_2_a', 'l.phase_3_a'])
    .where('m.tenant_pk', 'in', tenantPks);
}
export type MeterWithLatest = Awaited<ReturnType<ReturnType<typeof metersWithLatest>['execute']>>[number];

export function meterInScope(db: Executor, tenantPks: number[], by: { deviceRemoteId?: string; macAddress?: string }) {
  let q = metersWithLatest(db, tenantPks);
  if (by.deviceRemoteId !== undefined) q = q.where('m.device_remote_id', '=', by.deviceRemoteId);
  if (by.macAddress !== undefined) q = q.where('m.mac_address', '=', by.macAddress);
  return q.executeTakeFirst();
}

export function metersByDeviceIds(db: Executor, tenantPks: number[], deviceRemoteIds: string[]) {
  return metersWithLatest(db, tenantPks).where('m.device_remote_id', 'in', deviceRemoteIds).orderBy('m.device_remote_id').execute();
}

/** A device id or MAC address containing the text (case ignored). */
function matching(search: string) {
  const like = likeContains(search);
  return sql<boolean>`(lower(m.device_remote_id) like ${like} or lower(m.mac_address) like ${like})`;
}

export function listMeters(db: Executor, tenantPks: number[], search: string | undefined, page: Page) {
  let q = metersWithLatest(db, tenantPks);
  if (search) q = q.where(matching(search));
  return q.orderBy('m.meter_pk', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countMeters(db: Executor, tenantPks: number[], search?: string): Promise<number> {
  let q = db.selectFrom('meters as m').where('m.tenant_pk', 'in', tenantPks);
  if (search) q = q.where(matching(search));
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function meterByMacOrDevice(db: Executor, macAddress: string, deviceRemoteId: string) {
  return db
    .selectFrom('meters')
    .select(['meter_pk', 'mac_address', 'device_remote_id'])
    .where((eb) => eb.or([eb('mac_address', '=', macAddress), eb('device_remote_id', '=', deviceRemoteId)]))
    .execute();
}

export function insertMeter(db: Executor, m: { tenantPk: number; macAddress: string; deviceRemoteId: string; tokenHash: string }) {
  return db
    .insertInto('meters')
    .values({ tenant_pk: m.tenantPk, mac_address: m.macAddress, device_remote_id: m.deviceRemoteId, token_hash: m.tokenHash })
    .returning(['meter_pk', 'tenant_pk', 'mac_address', 'device_remote_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setTokenHash(db: Executor, meterPk: number, tokenHash: string) {
  await db.updateTable('meters').set({ token_hash: tokenHash }).where('meter_pk', '=', meterPk).execute();
}

/** A device by its id, for the readings it sends (no user, no tenant scope: the token or the broker vouches). */
export function deviceById(db: Executor, deviceRemoteId: string) {
  return db
    .selectFrom('meters')
    .select(['meter_pk', 'tenant_pk', 'mac_address', 'device_remote_id', 'token_hash'])
    .where('device_remote_id', '=', deviceRemoteId)
    .executeTakeFirst();
}

/** Stores a reading once: false when the meter already has one at that timestamp. */
export async function insertMeasurement(
  db: Executor,
  r: { meterPk: number; measuredAt: Date; phases: readonly [number, number, number] },
): Promise<boolean> {
  const row = await db
    .insertInto('meter_measurements')
    .values({ meter_pk: r.meterPk, measured_at: r.measuredAt, phase_1_a: r.phases[0], phase_2_a: r.phases[1], phase_3_a: r.phases[2] })
    .onConflict((oc) => oc.columns(['meter_pk', 'measured_at']).doNothing())
    .returning('meter_pk')
    .executeTakeFirst();
  return row !== undefined;
}

export function latestReading(db: Executor, meterPk: number) {
  return db
    .selectFrom('meter_measurements')
    .select(['measured_at', 'phase_1_a', 'phase_2_a', 'phase_3_a'])
    .where('meter_pk', '=', meterPk)
    .orderBy('measured_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The highest current of each phase per bucket of `bucketSec` seconds (aligned on the epoch), oldest first. */
export function series(db: Executor, meterPk: number, from: Date, to: Date, bucketSec: number) {
  const bucket = sql<Date>`to_timestamp((floor(extract(epoch from mm.measured_at) / ${sql.lit(bucketSec)}) * ${sql.lit(bucketSec)})::float8)`;
  return db
    .selectFrom('meter_measurements as mm')
    .select([
      bucket.as('bucket'),
      (eb) => eb.fn.max('mm.phase_1_a').as('phase_1_a'),
      (eb) => eb.fn.max('mm.phase_2_a').as('phase_2_a'),
      (eb) => eb.fn.max('mm.phase_3_a').as('phase_3_a'),
    ])
    .where('mm.meter_pk', '=', meterPk)
    .where('mm.measured_at', '>=', from)
    .where('mm.measured_at', '<', to)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

/**
 * Deletes readings measured before `cutoff`, meter by meter (each a range of the primary key, a
 * short statement); returns how many rows went.
 */
export async function deleteMeasurementsBefore(db: Executor, cutoff: Date): Promise<number> {
  const meters = await db.selectFrom('meters').select('meter_pk').orderBy('meter_pk').execute();
  let deleted = 0;
  for (const { meter_pk } of meters) {
    const res = await db
      .deleteFrom('meter_measurements')
      .where('meter_pk', '=', meter_pk)
      .where('measured_at', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  return deleted;
}
