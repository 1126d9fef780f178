import type { FastifyBaseLogger } from 'fastify';
import { SimulatedStation } from '@recarga/simulator/station';
import { demoConnectorCount, demoIdTags, demoStationIds } from './db/seed/demo-stations';

/**
 * The demo fleet `npm start` runs on the embedded database, so the product is alive on first
 * start: the first N demo stations connect over real OCPP-J websockets and run random sessions
 * with the demo drivers' tags (SIMULATOR_STATIONS=0 turns it off).
 */
export async function startDemoFleet(ocppUrl: string, count: number, log: FastifyBaseLogger) {
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
  return {
    async stop() {
      await Promise.allSettled(stations.map((s) => s.stop({ endTransactions: false, timeoutMs: 2000 })));
    },
  };
}
