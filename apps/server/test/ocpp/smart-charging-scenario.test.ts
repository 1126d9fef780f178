// @postgres concurrency, write-pool: simulated stations, the meter and the control loop together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElectricVehicle } from '@recarga/simulator/electric-vehicle';
import { SimulatedMeter } from '@recarga/simulator/meter';
import { HttpMeterPublisher } from '@recarga/simulator/meter-publishers';
import { addPhaseCurrents, type PhaseCurrents } from '@recarga/simulator/phase-currents';
import { SimulatedStation } from '@recarga/simulator/station';
import { tenantPk } from '../helpers/station-builders';
import { aSmartGroup, aThreePhaseStation } from '../helpers/smart-charging';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { eventually, ocppUrl } from './ocpp-helpers';

/**
 * The load manager end to end on a short run (issue 18 item 9, the bench's properties): four
 * simulated OCPP 1.6 stations (22 kW three-phase, rated 32 A per phase) behind a 70 A breaker, a
 * simulated meter in the chargers' circuit reporting every second over HTTP (building load 20 A per
 * phase plus the chargers' real draw), cars that ramp like real ones (4 A/s up, 32 A/s down) and
 * would each take 32 A: 20 + 4 × 32 = 148 A of demand on a 70 A breaker.
 *
 * Watched every 100 ms, as the bench does: the time above the breaker (each excursion at most one
 * control period, 1 s here) and the share of the breaker used while demand exceeds it.
 */
const BREAKER_A = 70;
const MARGIN_A = 3;
const BASE_A = 20;
const PERIOD_MS = 1000;
const ids = ['SC-SCN-1', 'SC-SCN-2', 'SC-SCN-3', 'SC-SCN-4'];

/** The breaker as the bench's BreakerWatch sees it, in samples. */
class Watch {
  demandExceedsS = 0;
  usedS = 0;
  longestAboveS = 0;
  private runS = 0;
  add(actual: PhaseCurrents, demand: PhaseCurrents, dtS: number) {
    const highest = Math.max(...actual);
    if (highest > BREAKER_A) {
      this.runS += dtS;
      this.longestAboveS = Math.max(this.longestAboveS, this.runS);
    } else this.runS = 0;
    if (Math.max(...demand) > BREAKER_A) {
      this.demandExceedsS += dtS;
      this.usedS += (Math.min(highest, BREAKER_A) * dtS) / BREAKER_A;
    }
  }
  get share() {
    return this.usedS / this.demandExceedsS;
  }
}

describe('smart charging scenario (simulated stations, cars and meter)', () => {
  let t: TestApp;
  let meter: SimulatedMeter;
  let sampler: NodeJS.Timeout | undefined;
  const stations: SimulatedStation[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMART_CHARGING_PERIOD_MS: String(PERIOD_MS),
        SMART_CHARGING_MARGIN_A: String(MARGIN_A),
        OCPP_COMMAND_TIMEOUT: '2',
        METER_ONLINE_WINDOW_SEC: '30',
      },
    });
    const url = await t.listen();
    const admin = await loginAs(t.app, demo.admin);
    const move = await tenantPk(t, 'move');
    const pks: number[] = [];
    for (const id of ids) {
      pks.push(await aThreePhaseStation(t, { id, voltage: 230 }));
    }
    const registered = await t.app.inject({
      method: 'POST',
      url: '/smart/meters',
      headers: bearer(admin),
      payload: { mac_address: 'AA:BB:CC:5C:5C:01', device_remote_id: 'scenario-meter', tenant_id: move },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    await aSmartGroup(t, admin, {
      name: 'Cenário',
      description: 'Quatro carregadores num disjuntor de 70 A',
      tenantPk: move,
      chargeBoxPks: pks,
      breakerA: BREAKER_A,
      meter: 'scenario-meter',
      meterInCircuit: true,
    });

    for (const id of ids) {
      const sim = new SimulatedStation({
        url: ocppUrl(url),
        chargeBoxId: id,
        connectors: 1,
        meterIntervalSec: 1,
        powerKw: 22,
        phases: 3,
        voltage: 230,
      });
      await sim.start();
      stations.push(sim);
    }
    meter = new SimulatedMeter({
      deviceRemoteId: 'scenario-meter',
      macAddress: 'AA:BB:CC:5C:5C:01',
      baseLoad: { minA: BASE_A, maxA: BASE_A, noiseA: 0 },
      chargers: () => addPhaseCurrents(...stations.map((s) => s.phaseCurrentsA())),
      publishers: [new HttpMeterPublisher({ server: url, deviceRemoteId: 'scenario-meter', token: registered.json().token })],
      intervalMs: 1000,
    });
    meter.start();
  }, 90_000);

  afterAll(async () => {
    if (sampler) clearInterval(sampler);
    await meter?.stop();
    await Promise.all(stations.map((s) => s.stop().catch(() => undefined)));
    await t.close();
  });

  it('cars arriving one by one on a 70 A breaker: never above it longer than one control period, ≥ 78 % of it used', async () => {
    // Arrange: the meter is online and the stations connected before any car arrives.
    await eventually(
      async () => (await t.db.selectFrom('smart_charging_state').select('meter_online').executeTakeFirst())?.meter_online,
      15_000,
    );
    await eventually(() => stations.every((s) => s.isConnectorFree(1)), 15_000);
    const watch = new Watch();
    let last = Date.now();
    sampler = setInterval(() => {
      const now = Date.now();
      const chargers = addPhaseCurrents(...stations.map((s) => s.phaseCurrentsA()));
      const demand = addPhaseCurrents(...stations.map((s) => s.phaseDemandA()));
      const base: PhaseCurrents = [BASE_A, BASE_A, BASE_A];
      watch.add(addPhaseCurrents(base, chargers), addPhaseCurrents(base, demand), (now - last) / 1000);
      last = now;
    }, 100);

    // Act: a car on each station, each once the previous one has a limit its station accepted.
    for (const [i, station] of stations.entries()) {
      const vehicle = new ElectricVehicle({ capacityWh: 77_000, socPercent: 20, maxPowerW: 22_000 });
      const started = await station.plugIn(1, `TAG-${ids[i]}`, { vehicle });
      expect(started.accepted).toBe(true);
      await eventually(
        async () =>
          (await t.db.selectFrom('smart_charging_sessions').select('status').where('status', '=', 'ACCEPTED').execute()).length >= i + 1,
        15_000,
      );
    }
    // Then the four share the breaker for 15 s of demand above it.
    await eventually(() => watch.demandExceedsS >= 15, 30_000);
    clearInterval(sampler);
    sampler = undefined;

    // Assert: each excursion ends within one control period; the breaker is used well. Upper bound
    // of the share: (70 − 3 margin) / 70 = 95.7 %; the 0.1 A flooring, a new car's climb before its
    // first Current.Import (counted as building load meanwhile) and the 1 A hysteresis per session
    // cost a few more per cent. Alone this run uses 85–89 %; inside the whole suite, with another
    // test file's server on the other core, 80–81 % (two CI runs of 2026-11-25): 78 % leaves room for
    // that and still fails a loop that leaves one car's share unused (a quarter of the 47 A the cars
    // get: about 17 points). The figure that counts is bench/smart-charging-scenario.ts's, on a
    // quiet machine.
    expect(watch.longestAboveS).toBeLessThanOrEqual(PERIOD_MS / 1000);
    expect(watch.share).toBeGreaterThanOrEqual(0.78);
    expect(watch.share).toBeLessThanOrEqual(1);
  }, 60_000);
});
