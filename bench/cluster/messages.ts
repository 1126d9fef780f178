import type { CallStatsPart } from '@recarga/simulator/call-stats';
import type { BalancerCounts } from './balancer';

/** What a station worker is told at its start (JSON in its environment). */
export interface WorkerSetup {
  index: number;
  workers: number;
  stations: number;
  connectors: number;
  prefix: string;
  tagPrefix: string;
  /** The balancer processes' ports; station k connects through balancerPorts[k % length]. */
  balancerPorts: number[];
  /** Stations started per second by this worker. */
  rampPerSec: number;
  meterIntervalSec: number;
  /** Share of the connectors (probes aside) that run a transaction. */
  sessionShare: number;
  /** Share of the running sessions stopped per minute (each starts again a few seconds later). */
  churnPerMinute: number;
  /** Station k is an idle probe (no sessions; it reports a fault and its repair on demand) when k % probeEvery === 0. */
  probeEvery: number;
  callTimeoutMs: number;
}

/** Milliseconds since the epoch with sub-millisecond precision: comparable between processes of one machine. */
export const wallNow = () => performance.timeOrigin + performance.now();

/** Coordinator -> worker. */
export type ToWorker =
  | { type: 'sessions'; overSec: number }
  | { type: 'start-window' }
  | { type: 'end-window' }
  | { type: 'pick'; node: string; count: number; probes: boolean }
  | { type: 'probe'; id: string; status: 'Faulted' | 'Available' }
  | { type: 'kill-mark'; node: string }
  | { type: 'kill-report' }
  | { type: 'stop'; perSecond: number };

/** Acknowledged messages, as the stations saw them (for the database check). */
export interface Ledger {
  /** transactionId, charge box id, connectorId, meterStart, timestamp (ms). */
  starts: [number, string, number, number, number][];
  /** transactionId, meterStop. */
  stops: [number, number][];
  /** transactionId and sample time (ms) of each acknowledged MeterValues' readings, flattened in pairs. */
  samples: number[];
}

export interface WorkerProgress {
  accepted: number;
  connected: number;
  /** Connected stations by the node holding their socket. */
  byNode: Record<string, number>;
  sessions: number;
  sessionsRefused: number;
  firstRefusals: string[];
  churned: number;
  /** After a kill mark: the stations that were on the killed node, how many are back, and the others by state. */
  orphans: number;
  back: number;
  waiting: Record<string, number>;
}

/** Worker -> coordinator. */
export type FromWorker =
  | ({ type: 'progress' } & WorkerProgress)
  | { type: 'window'; overall: CallStatsPart; byNode: Record<string, CallStatsPart>; loopP99Ms: number; loopMaxMs: number }
  | { type: 'picked'; ids: string[] }
  | { type: 'probe-sent'; id: string; at: number }
  | { type: 'command'; id: string; action: string; at: number }
  | { type: 'marked'; orphans: number }
  | {
      type: 'kill-report';
      orphans: number;
      /** When each orphan was back (every connector's status acknowledged by another node), epoch ms. */
      backAt: number[];
      /** When each orphan's socket was open again on another node, epoch ms. */
      reopenedAt: number[];
      backByNode: Record<string, number>;
      notBack: Record<string, number>;
      /** Why each orphan's client closed for good (it stopped reconnecting). */
      closedForGood: string[];
      /** Calls that failed since the kill mark (their socket was cut, or they timed out), by action. */
      failedSinceKill: Record<string, number>;
    }
  | { type: 'ledger'; ledger: Ledger; failed: Record<string, number> }
  | { type: 'stopped' };

/** Balancer -> coordinator. */
export type FromBalancer = { type: 'listening' } | { type: 'counts'; counts: BalancerCounts };
