import { afterEach } from 'vitest';
import { SimulatedStation, type SimulatedStationOptions } from '@recarga/simulator/station';
import { testServer } from './server';

/**
 * Simulated charge points (the simulator package) connected to the e2e server; each one started in
 * a test is stopped after it, so the shared server sees the station go offline again.
 */
export function useSimulator(): { start(options: Omit<SimulatedStationOptions, 'url'>): Promise<SimulatedStation> } {
  const started: SimulatedStation[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop().catch(() => undefined)));
  });
  return {
    async start(options) {
      const station = new SimulatedStation({ url: `ws://localhost:${testServer().port}/ocpp`, ...options });
      started.push(station);
      const answer = await station.start();
      if (answer !== 'Accepted') throw new Error(`${options.chargeBoxId}: BootNotification answered ${answer}`);
      return station;
    },
  };
}

/** Resolves once the station has sent `count` periodic MeterValues of a transaction and had them answered. */
export function meterValuesSent(station: SimulatedStation, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onSent = (action: string, payload: { transactionId?: number }) => {
      if (action !== 'MeterValues' || payload.transactionId === undefined) return;
      if (++seen < count) return;
      station.off('sent', onSent);
      resolve();
    };
    station.on('sent', onSent);
  });
}
