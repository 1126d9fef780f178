import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElectricVehicle } from './electric-vehicle';
import { fleetIds, startFleet, type FleetHandle } from './fleet';
import { TestCentralSystem } from './test-central-system';

let cs: TestCentralSystem | undefined;
let fleet: FleetHandle | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await fleet?.stop({ timeoutMs: 1000 });
  await cs?.close();
  fleet = undefined;
  cs = undefined;
});

describe('fleetIds', () => {
  it('numbers from 1 with the prefix and zero padding', () => {
    expect(fleetIds(3, 'BENCH-')).toEqual(['BENCH-000001', 'BENCH-000002', 'BENCH-000003']);
  });
});

describe('startFleet', () => {
  it('startFleet: with 6 stations and half on OCPP 1.5, connects and boots them all and counts their calls and acknowledgements', async () => {
    cs = await TestCentralSystem.start();

    fleet = startFleet({ url: cs.url, stations: 6, idPrefix: 'FLEET-', ocpp15Share: 0.5, rampPerSec: 100, connectors: 1 });
    await fleet.ready;

    const c = fleet.counters();
    expect(c).toMatchObject({ stations: 6, started: 6, connected: 6, accepted: 6, startFailures: 0, callsFailed: 0 });
    // BootNotification + StatusNotification for connectors 0 and 1, per station.
    expect(c.callsSent).toBe(18);
    expect(c.resultsReceived).toBe(18);
    expect(c.latency.samples).toBe(18);
    const protocols = cs.calls('BootNotification').map((b) => b.protocol);
    expect(protocols.filter((p) => p === 'ocpp1.5')).toHaveLength(3);
    expect(protocols.filter((p) => p === 'ocpp1.6')).toHaveLength(3);
  });

  it('startFleet: when the central system is not there yet, retries until it can connect', async () => {
    const placeholder = await TestCentralSystem.start();
    const url = placeholder.url;
    const port = Number(new URL(url).port);
    await placeholder.close();

    fleet = startFleet({ url, stations: 2, rampPerSec: 100, retryDelayMs: 200 });
    await fleet.ready;
    expect(fleet.counters().startFailures).toBeGreaterThanOrEqual(2);

    cs = await TestCentralSystem.start({ port });
    const deadline = Date.now() + 5000;
    while (fleet.counters().accepted < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fleet.counters().accepted).toBe(2);
  });

  it('stop: ends running sessions and closes every connection', async () => {
    cs = await TestCentralSystem.start();
    fleet = startFleet({ url: cs.url, stations: 2, rampPerSec: 100 });
    await fleet.ready;
    await fleet.stations[0]!.plugIn(1, 'TAG-1');

    await fleet.stop();

    expect(cs.calls('StopTransaction')).toHaveLength(1);
    expect(fleet.counters().connected).toBe(0);
  });
});

describe('fleet currents', () => {
  it('currentsByStation and phaseCurrentsA: one second into three sessions (10 A each on three phases), 10 A and 20 A per station, 30 A in all, 20 A for a meter over the second alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-25T12:00:00Z'));
    cs = await TestCentralSystem.start();
    fleet = startFleet({ url: cs.url, ids: ['CUR-1', 'CUR-2'], rampPerSec: 100, connectors: 2 });
    await fleet.ready;
    const car = () => new ElectricVehicle({ capacityWh: 60_000, socPercent: 30, maxPowerW: 11_000 });
    const [one, two] = fleet.stations;
    await one!.plugIn(1, 'TAG-1', { vehicle: car() });
    await two!.plugIn(1, 'TAG-2', { vehicle: car() });
    await two!.plugIn(2, 'TAG-3', { vehicle: car() });

    // Each car starts at 6 A and climbs 4 A/s towards 11 kW / 690 W = 15.9 A.
    vi.setSystemTime(Date.parse('2026-11-25T12:00:01Z'));

    expect(fleet.currentsByStation()).toEqual(
      new Map([
        ['CUR-1', [10, 10, 10]],
        ['CUR-2', [20, 20, 20]],
      ]),
    );
    expect(fleet.phaseCurrentsA()).toEqual([30, 30, 30]);
    expect(fleet.phaseCurrentsA((id) => id === 'CUR-2')).toEqual([20, 20, 20]);
  });
});
