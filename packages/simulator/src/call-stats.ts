import type { RPCClient } from 'ocpp-rpc';

export interface CallStatsSnapshot {
  /** CALL frames the charge points sent. */
  callsSent: number;
  /** CALLRESULT frames received for them (acknowledgements). */
  resultsReceived: number;
  /** CALLERROR frames received for them. */
  errorsReceived: number;
  /** Calls that did not get a CALLRESULT: CALLERROR, timeout, connection lost, local validation. */
  callsFailed: number;
  /** CALL frames the central system sent to the charge points (remote commands). */
  commandsReceived: number;
  latency: LatencySummary;
  /** CALLs sent in the busiest whole second since the last reset (bursts show here, not in the mean). */
  busiestSecondCalls: number;
  /** [Unix second the CALL was sent, acknowledgements slower than SLOW_ACK_MS], in time order: when the tail happened. */
  slowAcksBySecond: Array<[number, number]>;
}

export interface LatencySummary {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * What one CallStats counted, in a form that crosses a process boundary (plain JSON) and merges
 * with other parts: a fleet spread over several processes reports as one.
 */
export interface CallStatsPart {
  callsSent: number;
  resultsReceived: number;
  errorsReceived: number;
  callsFailed: number;
  commandsReceived: number;
  /** Latencies recorded; `samples` holds all of them or, beyond the reservoir, a uniform sample. */
  seen: number;
  sumMs: number;
  maxMs: number;
  samples: number[];
  /** CALLs sent per wall-clock second (Unix seconds, comparable between processes). */
  perSecond: Array<[number, number]>;
  /** Acknowledgements slower than SLOW_ACK_MS, by the Unix second their CALL was sent. */
  slowPerSecond: Array<[number, number]>;
}

/** An acknowledgement slower than this counts as slow (the aim for p99 at 10,000 stations). */
export const SLOW_ACK_MS = 100;

/** Adds up per-second counts of several parts. */
function bySecond(lists: Array<Array<[number, number]>>): Map<number, number> {
  const out = new Map<number, number>();
  for (const list of lists) for (const [second, n] of list) out.set(second, (out.get(second) ?? 0) + n);
  return out;
}

/**
 * Latency of several parts: each part's samples stand for `seen / samples` latencies, so a part
 * whose reservoir overflowed weighs as much as it measured. With every latency kept this is the
 * nearest-rank percentile.
 */
function latencyOf(parts: readonly CallStatsPart[]): LatencySummary {
  const seen = parts.reduce((n, p) => n + p.seen, 0);
  const points: Array<[value: number, weight: number]> = [];
  for (const part of parts) {
    const weight = part.samples.length > 0 ? part.seen / part.samples.length : 0;
    for (const v of part.samples) points.push([v, weight]);
  }
  points.sort((a, b) => a[0] - b[0]);
  const total = points.reduce((n, [, w]) => n + w, 0);
  const at = (p: number) => {
    if (points.length === 0) return Number.NaN;
    const target = (p / 100) * total - 1e-9 * total;
    let cumulative = 0;
    for (const [value, weight] of points) {
      cumulative += weight;
      if (cumulative >= target) return value;
    }
    return points[points.length - 1]![0];
  };
  return {
    samples: seen,
    meanMs: seen ? parts.reduce((n, p) => n + p.sumMs, 0) / seen : Number.NaN,
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: seen ? Math.max(...parts.map((p) => p.maxMs)) : Number.NaN,
  };
}

/** One snapshot of several parts (counters added, latencies pooled, seconds added up before the busiest is taken). */
export function mergeCallStats(parts: readonly CallStatsPart[]): CallStatsSnapshot {
  const sum = (key: 'callsSent' | 'resultsReceived' | 'errorsReceived' | 'callsFailed' | 'commandsReceived') =>
    parts.reduce((n, p) => n + p[key], 0);
  const perSecond = bySecond(parts.map((p) => p.perSecond));
  return {
    callsSent: sum('callsSent'),
    resultsReceived: sum('resultsReceived'),
    errorsReceived: sum('errorsReceived'),
    callsFailed: sum('callsFailed'),
    commandsReceived: sum('commandsReceived'),
    latency: latencyOf(parts),
    busiestSecondCalls: Math.max(0, ...perSecond.values()),
    slowAcksBySecond: [...bySecond(parts.map((p) => p.slowPerSecond))].sort((a, b) => a[0] - b[0]),
  };
}

/**
 * Message counters and acknowledgement latency (CALL sent -> CALLRESULT received, measured on the
 * charge-point side, per message id) for any number of ocpp-rpc clients. Latency samples are kept
 * in a bounded reservoir so a long benchmark cannot exhaust memory.
 */
export class CallStats {
  callsSent = 0;
  resultsReceived = 0;
  errorsReceived = 0;
  callsFailed = 0;
  commandsReceived = 0;
  private readonly reservoir: Float64Array;
  private seen = 0;
  private sumMs = 0;
  private maxMs = 0;
  private readonly pending = new Map<string, { sentAt: number; epoch: number }>();
  private epoch = 0;
  /** CALLs sent per second since the last reset, keyed by the second. */
  private readonly perSecond = new Map<number, number>();
  private readonly slowPerSecond = new Map<number, number>();

  constructor(private readonly maxSamples = 200_000) {
    this.reservoir = new Float64Array(maxSamples);
  }

  /** Starts counting one client's traffic. Returns a function that stops it. */
  attach(client: RPCClient): () => void {
    const onCall = (event: { outbound: boolean; payload: unknown[] }) => {
      if (event.outbound) {
        this.callsSent++;
        const now = performance.now();
        const second = Math.floor((performance.timeOrigin + now) / 1000);
        this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
        this.pending.set(event.payload[1] as string, { sentAt: now, epoch: this.epoch });
      } else {
        this.commandsReceived++;
      }
    };
    const onResponse = (event: { outbound: boolean; payload: unknown[] }) => {
      if (event.outbound) return;
      const [type, id] = event.payload as [number, string];
      const call = this.pending.get(id);
      if (call === undefined) return;
      this.pending.delete(id);
      if (call.epoch !== this.epoch) return;
      if (type === 3) {
        this.resultsReceived++;
        const ms = performance.now() - call.sentAt;
        this.record(ms);
        if (ms > SLOW_ACK_MS) {
          const second = Math.floor((performance.timeOrigin + call.sentAt) / 1000);
          this.slowPerSecond.set(second, (this.slowPerSecond.get(second) ?? 0) + 1);
        }
      } else {
        this.errorsReceived++;
      }
    };
    const onCallError = (event: { outbound: boolean; messageId: string }) => {
      if (!event.outbound) return;
      const call = this.pending.get(event.messageId);
      this.pending.delete(event.messageId);
      if (call === undefined || call.epoch === this.epoch) this.callsFailed++;
    };
    client.on('call', onCall);
    client.on('response', onResponse);
    client.on('callError', onCallError);
    return () => {
      client.off('call', onCall);
      client.off('response', onResponse);
      client.off('callError', onCallError);
    };
  }

  record(ms: number): void {
    this.seen++;
    this.sumMs += ms;
    if (ms > this.maxMs) this.maxMs = ms;
    if (this.seen <= this.maxSamples) {
      this.reservoir[this.seen - 1] = ms;
    } else {
      const j = Math.floor(Math.random() * this.seen);
      if (j < this.maxSamples) this.reservoir[j] = ms;
    }
  }

  latency(): LatencySummary {
    return latencyOf([this.part()]);
  }

  snapshot(): CallStatsSnapshot {
    return mergeCallStats([this.part()]);
  }

  /** What was counted since the last reset, to merge with other processes' parts. */
  part(): CallStatsPart {
    return {
      callsSent: this.callsSent,
      resultsReceived: this.resultsReceived,
      errorsReceived: this.errorsReceived,
      callsFailed: this.callsFailed,
      commandsReceived: this.commandsReceived,
      seen: this.seen,
      sumMs: this.sumMs,
      maxMs: this.maxMs,
      samples: Array.from(this.reservoir.subarray(0, Math.min(this.seen, this.maxSamples))),
      perSecond: [...this.perSecond],
      slowPerSecond: [...this.slowPerSecond],
    };
  }

  /** Forgets everything counted so far (e.g. the ramp-up); calls already in flight are not counted. */
  reset(): void {
    this.epoch++;
    this.perSecond.clear();
    this.slowPerSecond.clear();
    this.callsSent = 0;
    this.resultsReceived = 0;
    this.errorsReceived = 0;
    this.callsFailed = 0;
    this.commandsReceived = 0;
    this.seen = 0;
    this.sumMs = 0;
    this.maxMs = 0;
  }
}
