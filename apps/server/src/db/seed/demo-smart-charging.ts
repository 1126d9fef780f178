import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db';

/**
 * The demo's smart-charging group (issue 18), so load management is alive on first start: two of
 * the Move stations that the demo fleet runs (MOVE-SP-001, two 32 A three-phase connectors, and
 * MOVE-RJ-001, two 7.4 kW single-phase ones) on a 63 A breaker, with a building meter in their
 * circuit. With three cars charging they would draw more than the breaker; the load manager shares
 * it. The fleet's simulated meter (demo-fleet.ts) publishes the building's base load plus the two
 * stations' draw. Loaded only when the demo fleet runs (`npm start` on the embedded database): the
 * tests' demo data leaves these stations out of any group.
 */
export const demoSmartCharging = {
  groupName: 'Garagem Paulista',
  description: 'Disjuntor de 63 A, medidor e gestão de carga',
  stations: ['MOVE-SP-001', 'MOVE-RJ-001'],
  breakerA: 63,
  meter: { deviceRemoteId: 'MOVE-SP-MEDIDOR-01', macAddress: 'AA:BB:CC:00:00:01' },
  /** The building's own load, without the chargers (A per phase). */
  baseLoadA: { minA: 8, maxA: 24 },
} as const;

/** Loads the group once (the meter's device id marks it done). */
export async function seedDemoSmartCharging(db: Kysely<DB>): Promise<void> {
  const done = await db
    .selectFrom('meters')
    .select('meter_pk')
    .where('device_remote_id', '=', demoSmartCharging.meter.deviceRemoteId)
    .executeTakeFirst();
  if (done) return;
  await db.transaction().execute(async (trx) => {
    const tenant = await trx.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const stations = await trx
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', 'in', [...demoSmartCharging.stations])
      .execute();
    const group = await trx
      .insertInto('virtual_groups')
      .values({ tenant_pk: tenant.tenant_pk, name: demoSmartCharging.groupName, description: demoSmartCharging.description })
      .returning('virtual_group_pk')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('virtual_group_charge_boxes')
      .values(stations.map((s) => ({ virtual_group_pk: group.virtual_group_pk, charge_box_pk: s.charge_box_pk })))
      .execute();
    // No one knows this token: the demo fleet asks the meters service for a new one at each start.
    const meter = await trx
      .insertInto('meters')
      .values({
        tenant_pk: tenant.tenant_pk,
        mac_address: demoSmartCharging.meter.macAddress,
        device_remote_id: demoSmartCharging.meter.deviceRemoteId,
        token_hash: randomBytes(32).toString('hex'),
      })
      .returning('meter_pk')
      .executeTakeFirstOrThrow();
    // In force from the day the demo was loaded, for five years (dates are the tenant's days).
    await trx
      .insertInto('smart_charging')
      .values({
        tenant_pk: tenant.tenant_pk,
        virtual_group_pk: group.virtual_group_pk,
        enabled: true,
        start_date: sql<string>`current_date - 1`,
        end_date: sql<string>`(current_date + interval '5 years')::date`,
        current_nominal_a: demoSmartCharging.breakerA,
        modulation: 'DYNAMIC',
        meter_pk: meter.meter_pk,
        meter_in_circuit: true,
      })
      .execute();
  });
}
