import { afterEach, describe, expect, it } from 'vitest';
import { fleetIds, startFleet, type FleetHandle } from './fleet';
import { TestCentralSystem } from './test-central-system';

let cs: TestCentralSystem | undefined;
let fleet: FleetHandle | undefined;

afterEach(async () => {
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
