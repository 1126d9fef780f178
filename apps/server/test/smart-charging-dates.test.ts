import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmartChargingLoop, retryDelayMs } from '../src/modules/smart-charging/control-loop';
import { aStation, stationPk, tenantPk } from './helpers/station-builders';
import { createTestApp, type TestApp } from './helpers/test-app';
import { aTransaction } from './helpers/transaction-builders';

/**
 * The record's dates are whole days of the network's zone (São Paulo, UTC−3): the loop is driven
 * with a frozen clock and a recording stand-in for the operations service.
 */
describe('smart charging: the record’s dates, with a frozen clock', () => {
  let t: TestApp;
  const sent: { station: string; action?: string; limitA: unknown }[] = [];
  let loop: SmartChargingLoop;

  beforeAll(async () => {
    t = await createTestApp({ env: { SMART_CHARGING_PERIOD_MS: '600000' } });
    const move = await tenantPk(t, 'move');
    await aStation(t, { id: 'SC-DATES', tenant: 'move', connectors: 1 });
    await t.db
      .updateTable('charge_boxes')
      .set({ system: 'THREE_PHASE', phase: 'ABC', voltage: 380, charging_rate_unit: 'A', ocpp_protocol: 'ocpp1.6' })
      .where('charge_box_id', '=', 'SC-DATES')
      .execute();
    const group = (
      await t.db
        .insertInto('virtual_groups')
        .values({ tenant_pk: move, name: 'Datas', description: 'Janeiro' })
        .returning('virtual_group_pk')
        .executeTakeFirstOrThrow()
    ).virtual_group_pk;
    await t.db
      .insertInto('virtual_group_charge_boxes')
      .values({ virtual_group_pk: group, charge_box_pk: await stationPk(t, 'SC-DATES') })
      .execute();
    await t.db
      .insertInto('smart_charging')
      .values({
        tenant_pk: move,
        virtual_group_pk: group,
        enabled: true,
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        current_nominal_a: 32,
      })
      .execute();
    await aTransaction(t, { station: 'SC-DATES', minutes: null, start: new Date('2026-01-15T12:00:00Z') });
    loop = new SmartChargingLoop({
      db: t.db,
      operations: {
        sendSystemCommand: async (req) => {
          sent.push({
            station: req.station.charge_box_id,
            ...(req.action === 'SetChargingProfile' ? {} : { action: req.action }),
            limitA: (req.parameters as { limitA?: number }).limitA,
          });
          return {
            taskPk: null as never,
            result: { status: 'answered', response: 'Accepted', errorCode: null, errorMessage: null, detail: null },
          };
        },
      },
      config: { periodMs: 1000, marginA: 5, meterOnlineWindowSec: 60, pingIntervalSec: 30, commandTimeoutMs: 1000 },
      log: { error: () => undefined, warn: () => undefined },
    });
  });
  afterAll(() => t.close());

  it('before the start day (31 Dec 23:59 in São Paulo, already 1 Jan in UTC): nothing is planned', async () => {
    await loop.runOnce(new Date('2026-01-01T02:59:00Z'));

    expect(sent).toEqual([]);
  });

  it('on the end day’s last hour (31 Jan 23:00 in São Paulo, 1 Feb in UTC): planned — no meter, so failsafe 32 ÷ 1 charger', async () => {
    // The station is not connected: counted at its rating and offered the IEC minimum, 6 A.
    await loop.runOnce(new Date('2026-02-01T02:00:00Z'));

    expect(sent).toEqual([{ station: 'SC-DATES', limitA: 6 }]);
    const state = await t.db.selectFrom('smart_charging_state').select(['failsafe', 'meter_online']).executeTakeFirstOrThrow();
    expect(state).toEqual({ failsafe: true, meter_online: null });
  });

  it('after the end day (1 Feb 00:30 in São Paulo): the limit is cleared once, then nothing more is sent', async () => {
    sent.length = 0;

    await loop.runOnce(new Date('2026-02-01T03:30:00Z'));
    expect(sent).toEqual([{ station: 'SC-DATES', action: 'ClearChargingProfile', limitA: undefined }]);

    sent.length = 0;
    await loop.runOnce(new Date('2026-02-01T03:31:00Z'));
    expect(sent).toEqual([]);
  });

  it('backoff doubles from one period up to five minutes', () => {
    // period 5 s: 5, 10, 20, 40 s … capped at 300 s.
    expect([1, 2, 3, 4, 10].map((f) => retryDelayMs(5000, f))).toEqual([5000, 10_000, 20_000, 40_000, 300_000]);
  });
});
