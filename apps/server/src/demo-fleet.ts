import type { FastifyBaseLogger } from 'fastify';
import { SimulatedStation } from '@recarga/simulator/station';
import { SimulatedMeter } from '@recarga/simulator/meter';
import { HttpMeterPublisher } from '@recarga/simulator/meter-publishers';
import { addPhaseCurrents, NO_CURRENT } from '@recarga/simulator/phase-currents';
import { demoConnectorCount, demoIdTags, demoStationIds } from './db/seed/demo-stations';
import { demoSmartCharging } from './db/seed/demo-smart-charging';

export interface DemoMeter {
  /** The server's own address, where the meter posts its readings (/smart/meters/{id}/measurements). */
  server: string;
  /** The device token the meters service issued for this start. */
  token: string;
}

/**
 * The demo fleet `npm start` runs on the embedded database, so the product is alive on first
 * start: the first N demo stations connect over real OCPP-J websockets and run random sessions
 * with the demo drivers' tags (SIMULATOR_STATIONS=0 turns it off). With `meter`, the smart-charging
 * group's building meter runs too: its base load plus the draw of the group's simulated stations,
 * every 5 s over HTTP, so the load manager shares the breaker for real.
 */
export async function startDemoFleet(ocppUrl: string, count: number, log: FastifyBaseLogger, meter?: DemoMeter) {
  const ids = demoStationIds().slice(0, count);
  const stations = ids.map(
    (chargeBoxId, i) =>
      new SimulatedStation({
        url: ocppUrl,
        chargeBoxId,
        connectors: demoConnectorCount(chargeBoxId),
        idTags: demoIdTags(chargeBoxId),
        meterIntervalSec: 60,
        seed: 1000 + i,
        autoSessions: { meanIdleSec: 15 * 60, meanSessionSec: 40 * 60, shortSessionProbability: 0.08, faultProbability: 0.03 },
      }),
  );
  const started = await Promise.allSettled(stations.map((s) => s.start()));
  const failed = started.filter((r) => r.status === 'rejected').length;
  log.info({ stations: ids.length - failed, failed }, 'demo fleet of simulated charge points started');

  const inCircuit = stations.filter((s) => (demoSmartCharging.stations as readonly string[]).includes(s.chargeBoxId));
  const building =
    meter && inCircuit.length > 0
      ? new SimulatedMeter({
          deviceRemoteId: demoSmartCharging.meter.deviceRemoteId,
          macAddress: demoSmartCharging.meter.macAddress,
          baseLoad: { ...demoSmartCharging.baseLoadA, seed: 7 },
          chargers: () => inCircuit.reduce((sum, s) => addPhaseCurrents(sum, s.phaseCurrentsA()), NO_CURRENT),
          publishers: [
            new HttpMeterPublisher({ server: meter.server, deviceRemoteId: demoSmartCharging.meter.deviceRemoteId, token: meter.token }),
          ],
          logger: { info: () => {}, warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) },
        })
      : undefined;
  building?.start();
  if (building) log.info({ meter: building.deviceRemoteId, stations: inCircuit.map((s) => s.chargeBoxId) }, 'demo building meter started');
  return {
    async stop() {
      await building?.stop();
      await Promise.allSettled(stations.map((s) => s.stop({ endTransactions: false, timeoutMs: 2000 })));
    },
  };
}
