// @postgres write-pool: three simulated stations connect at once through the batcher's lanes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { demoSmartCharging, seedDemoSmartCharging } from '../src/db/seed/demo-smart-charging';
import { startDemoFleet } from '../src/demo-fleet';
import { createTestApp, type TestApp } from './helpers/test-app';
import { eventually } from './ocpp/ocpp-helpers';

/**
 * `npm start`'s smart-charging group (issue 18 item 8): loaded once beside the demo data, and its
 * building meter, run by the demo fleet with a token issued at start, gets its readings stored.
 */
describe('the demo smart-charging group', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is loaded once: two Move stations on a 63 A breaker, enabled today, with the meter in their circuit', async () => {
    await seedDemoSmartCharging(t.db);
    await seedDemoSmartCharging(t.db);

    const groups = await t.db
      .selectFrom('virtual_groups')
      .select('virtual_group_pk')
      .where('name', '=', demoSmartCharging.groupName)
      .execute();
    expect(groups).toHaveLength(1);
    const members = await t.db
      .selectFrom('virtual_group_charge_boxes as m')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'm.charge_box_pk')
      .select('cb.charge_box_id')
      .where('m.virtual_group_pk', '=', groups[0]!.virtual_group_pk)
      .orderBy('cb.charge_box_id')
      .execute();
    expect(members.map((m) => m.charge_box_id)).toEqual(['MOVE-RJ-001', 'MOVE-SP-001']);
    const record = await t.db
      .selectFrom('smart_charging as s')
      .innerJoin('meters as m', 'm.meter_pk', 's.meter_pk')
      .select(['s.enabled', 's.current_nominal_a', 's.meter_in_circuit', 'm.device_remote_id'])
      .select([sql<string>`s.start_date::text`.as('start'), sql<string>`s.end_date::text`.as('end')])
      .where('s.virtual_group_pk', '=', groups[0]!.virtual_group_pk)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ enabled: true, meter_in_circuit: true, device_remote_id: 'MOVE-SP-MEDIDOR-01' });
    expect(Number(record.current_nominal_a)).toBe(63);
    const today = new Date().toISOString().slice(0, 10);
    expect(record.start < today).toBe(true);
    expect(record.end > `${Number(today.slice(0, 4)) + 4}`).toBe(true);
  });

  it('its meter, started by the demo fleet with a fresh token, posts readings that are stored', async () => {
    const meters = t.app.services.get('meters');
    expect(await meters.renewDeviceToken('NO-SUCH-METER')).toBeNull();
    const token = await meters.renewDeviceToken(demoSmartCharging.meter.deviceRemoteId);
    expect(token).toMatch(/^mtr_/);
    const base = await t.listen();
    // The first three demo stations include both of the group's (MOVE-SP-001 and MOVE-RJ-001).
    const fleet = await startDemoFleet(`${base.replace('http', 'ws')}/ocpp`, 3, pino({ level: 'silent' }), { server: base, token: token! });
    try {
      const stored = await eventually(async () => {
        const rows = await t.db
          .selectFrom('meter_measurements as r')
          .innerJoin('meters as m', 'm.meter_pk', 'r.meter_pk')
          .select(['r.phase_1_a', 'r.phase_2_a', 'r.phase_3_a'])
          .where('m.device_remote_id', '=', demoSmartCharging.meter.deviceRemoteId)
          .execute();
        return rows.length > 0 ? rows : undefined;
      }, 15_000);
      // At least the building's own load (its curve never goes below 8 A), plus any car charging.
      for (const phase of [stored[0]!.phase_1_a, stored[0]!.phase_2_a, stored[0]!.phase_3_a]) {
        expect(Number(phase)).toBeGreaterThanOrEqual(8);
      }
    } finally {
      await fleet.stop();
    }
  }, 30_000);
});
