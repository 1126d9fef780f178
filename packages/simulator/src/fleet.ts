import { CallStats, type LatencySummary } from './call-stats';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import { addPhaseCurrents, type PhaseCurrents } from './phase-currents';
import { Random } from './random';
import { SimulatedStation, type AutoSessionOptions, type SimulatedStationOptions, type SimulatorLogger } from './station';

export interface FleetOptions {
  /**
   * Base address of the central system, e.g. ws://localhost:3000/ocpp; or, to spread the stations
   * over the nodes of a cluster, the address for each station (by its id and position).
   */
  url: string | ((chargeBoxId: string, index: number) => string);
  /** How many stations (ignored when `ids` is given). */
  stations?: number;
  /** Explicit charge box ids. */
  ids?: string[];
  /** Prefix of generated ids: `${idPrefix}000001`... (default "SIM-"). */
  idPrefix?: string;
  /** Digits of the generated number (default 6). */
  idDigits?: number;
  /** Protocol of every station (default ocpp1.6)... */
  protocol?: OcppProtocol;
  /** ...except this share (0..1) of them, spread evenly, which speak OCPP 1.5. */
  ocpp15Share?: number;
  connectors?: number;
  meterIntervalSec?: number;
  autoSessions?: AutoSessionOptions | false;
  idTags?: string[];
  /** Stations started per second (default 50). */
  rampPerSec?: number;
  /** Same password for all, or one per station. */
  password?: string | ((chargeBoxId: string) => string | undefined);
  /** Seed of the whole fleet; each station gets its own derived seed. */
  seed?: number;
  logger?: SimulatorLogger;
  /** Wait before retrying a station whose connection failed (default 5 s). */
  retryDelayMs?: number;
  /** Any other station option, applied to every station. */
  station?: Partial<SimulatedStationOptions>;
}

export interface FleetCounters {
  stations: number;
  /** Stations whose start was attempted (the ramp's progress). */
  started: number;
  connected: number;
  /** Stations whose BootNotification was accepted. */
  accepted: number;
  /** Connection or boot attempts that failed (retried). */
  startFailures: number;
  transactions: number;
  callsSent: number;
  resultsReceived: number;
  errorsReceived: number;
  callsFailed: number;
  commandsReceived: number;
  latency: LatencySummary;
  busiestSecondCalls: number;
}

export interface FleetHandle {
  readonly stations: readonly SimulatedStation[];
  readonly stats: CallStats;
  /** Resolves once every station had its first start attempt. */
  readonly ready: Promise<void>;
  counters(): FleetCounters;
  /** Current each station draws now on lines L1, L2, L3 (the sum over its connectors), by charge box id. */
  currentsByStation(): Map<string, PhaseCurrents>;
  /** Line-by-line sum over the stations (all, or those `inCircuit` picks): what a meter upstream of them sees. */
  phaseCurrentsA(inCircuit?: (chargeBoxId: string) => boolean): PhaseCurrents;
  /** Stops every station (ending running transactions unless told not to). */
  stop(options?: { endTransactions?: boolean; timeoutMs?: number }): Promise<void>;
}

export function fleetIds(count: number, prefix = 'SIM-', digits = 6): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(digits, '0')}`);
}

/**
 * Starts N simulated stations against one central system, `rampPerSec` at a time, and keeps them
 * running (failed connections are retried) until `stop()`. All stations share one CallStats.
 */
export function startFleet(options: FleetOptions): FleetHandle {
  const ids = options.ids ?? fleetIds(options.stations ?? 1, options.idPrefix, options.idDigits);
  const share = Math.min(1, Math.max(0, options.ocpp15Share ?? 0));
  const stats = new CallStats();
  const random = new Random(options.seed);
  const log = options.logger;
  const stations = ids.map((chargeBoxId, i) => {
    // Even spread: station i speaks 1.5 when the running share crosses an integer.
    const v15 = Math.floor((i + 1) * share) > Math.floor(i * share);
    const password = typeof options.password === 'function' ? options.password(chargeBoxId) : options.password;
    return new SimulatedStation({
      url: typeof options.url === 'function' ? options.url(chargeBoxId, i) : options.url,
      chargeBoxId,
      protocol: v15 ? 'ocpp1.5' : (options.protocol ?? 'ocpp1.6'),
      password,
      connectors: options.connectors,
      meterIntervalSec: options.meterIntervalSec,
      autoSessions: options.autoSessions,
      idTags: options.idTags,
      seed: random.fork().next() * 2 ** 32,
      logger: log,
      stats,
      ...options.station,
    });
  });

  let stopped = false;
  let started = 0;
  let startFailures = 0;
  const retryDelayMs = options.retryDelayMs ?? 5000;
  const retryTimers = new Set<NodeJS.Timeout>();

  const launch = async (station: SimulatedStation): Promise<void> => {
    try {
      await station.start();
    } catch (err) {
      startFailures++;
      log?.warn(`${station.chargeBoxId}: start failed: ${(err as Error).message}`);
      if (stopped) return;
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        if (!stopped) void launch(station);
      }, retryDelayMs);
      retryTimers.add(timer);
    }
  };

  const rampPerSec = Math.max(0.001, options.rampPerSec ?? 50);
  const ready = (async () => {
    const begin = performance.now();
    const first: Promise<void>[] = [];
    while (started < stations.length && !stopped) {
      const due = Math.min(stations.length, Math.floor(((performance.now() - begin) / 1000) * rampPerSec) + 1);
      while (started < due) first.push(launch(stations[started++]!));
      if (started < stations.length) await new Promise((r) => setTimeout(r, Math.max(5, Math.min(100, 1000 / rampPerSec))));
    }
    await Promise.all(first);
  })();

  return {
    stations,
    stats,
    ready,
    counters(): FleetCounters {
      const s = stats.snapshot();
      return {
        stations: stations.length,
        started,
        connected: stations.filter((x) => x.connected).length,
        accepted: stations.filter((x) => x.state === 'accepted').length,
        startFailures,
        transactions: stations.reduce((n, x) => n + x.transactions.length, 0),
        ...s,
      };
    },
    currentsByStation() {
      return new Map(stations.map((x) => [x.chargeBoxId, x.phaseCurrentsA()]));
    },
    phaseCurrentsA(inCircuit) {
      const picked = inCircuit ? stations.filter((x) => inCircuit(x.chargeBoxId)) : stations;
      return addPhaseCurrents(...picked.map((x) => x.phaseCurrentsA()));
    },
    async stop(stopOptions) {
      stopped = true;
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      // Stations not launched yet never will be; ones still connecting abort.
      await Promise.all(stations.map((x) => x.stop(stopOptions).catch(() => undefined)));
    },
  };
}
