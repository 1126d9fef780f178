import { ElectricVehicle } from './electric-vehicle';
import type { Random } from './random';
import type { SimulatedStation } from './station';

export interface AutoSessionOptions {
  /** Mean time a connector stays free between sessions (exponentially distributed), seconds. */
  meanIdleSec: number;
  /** Mean length of a normal session (exponentially distributed, at least a tenth of the mean), seconds. */
  meanSessionSec: number;
  /** Share of sessions that end early (a driver who changes their mind): 2-10 % of the mean length. */
  shortSessionProbability: number;
  /** Share of sessions interrupted by a fault, which clears after about one mean idle time. */
  faultProbability: number;
}

/**
 * Drives random sessions on every connector of a station, forever: wait, plug in with one of the
 * tags, charge, unplug; now and then a short session or a fault. Each connector draws from its own
 * random source, so a seeded station repeats the same sequence of decisions.
 */
export class AutoSessions {
  private readonly abort = new AbortController();

  constructor(
    private readonly station: SimulatedStation,
    private readonly options: AutoSessionOptions,
    private readonly idTags: readonly string[],
    private readonly random: Random,
  ) {
    if (idTags.length === 0) throw new Error('automatic sessions need at least one id tag');
  }

  start(): void {
    for (let id = 1; id <= this.station.connectorCount; id++) {
      const random = this.random.fork();
      void this.run(id, random);
    }
  }

  stop(): void {
    this.abort.abort();
  }

  private async run(connectorId: number, random: Random): Promise<void> {
    const { signal } = this.abort;
    // Spread the first sessions so a fleet does not start them all at once.
    await this.wait(random.between(0, this.options.meanIdleSec) * 1000);
    while (!signal.aborted) {
      const idleMs = random.exponential(this.options.meanIdleSec) * 1000;
      const tag = random.pick(this.idTags);
      const short = random.chance(this.options.shortSessionProbability);
      const faulty = random.chance(this.options.faultProbability);
      const sessionMs =
        (short
          ? random.between(0.02, 0.1) * this.options.meanSessionSec
          : Math.max(0.1 * this.options.meanSessionSec, random.exponential(this.options.meanSessionSec))) * 1000;
      const faultAtMs = sessionMs * random.between(0.2, 0.8);
      const repairMs = random.exponential(this.options.meanIdleSec) * 1000;
      const vehicle = ElectricVehicle.random(random, this.station.vehicleRamp);

      await this.wait(idleMs);
      if (signal.aborted) return;
      if (!this.station.isConnectorFree(connectorId)) continue;
      let transactionId: number | undefined;
      try {
        const result = await this.station.plugIn(connectorId, tag, { vehicle });
        if (!result.accepted) continue;
        transactionId = result.transactionId;
      } catch {
        continue; // the station is rebooting, the connector was taken: try again later
      }
      if (faulty) {
        const stillRunning = await this.waitWhileRunning(connectorId, transactionId, faultAtMs);
        if (!stillRunning || signal.aborted) continue;
        await this.station.fault(connectorId).catch(() => undefined);
        await this.wait(repairMs);
        if (signal.aborted) return;
        await this.station.clearFault(connectorId).catch(() => undefined);
        continue;
      }
      const stillRunning = await this.waitWhileRunning(connectorId, transactionId, sessionMs);
      if (stillRunning && !signal.aborted) {
        await this.station.unplug(connectorId, random.chance(0.7) ? 'EVDisconnected' : 'Local').catch(() => undefined);
      }
    }
  }

  /** Waits up to `ms`; true if the transaction is still running afterwards (it may be stopped remotely). */
  private waitWhileRunning(connectorId: number, transactionId: number, ms: number): Promise<boolean> {
    const running = () => this.station.transactions.some((t) => t.connectorId === connectorId && t.transactionId === transactionId);
    if (!running()) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.station.off('transactionStopped', onStopped);
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onStopped = (event: { transactionId: number }) => {
        if (event.transactionId === transactionId) done(false);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(running()), ms);
      this.station.on('transactionStopped', onStopped);
      this.abort.signal.addEventListener('abort', onAbort);
    });
  }

  private wait(ms: number): Promise<void> {
    if (this.abort.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
