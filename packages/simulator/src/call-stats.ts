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
}

export interface LatencySummary {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
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

  constructor(private readonly maxSamples = 200_000) {
    this.reservoir = new Float64Array(maxSamples);
  }

  /** Starts counting one client's traffic. Returns a function that stops it. */
  attach(client: RPCClient): () => void {
    const onCall = (event: { outbound: boolean; payload: unknown[] }) => {
      if (event.outbound) {
        this.callsSent++;
        const now = performance.now();
        const second = Math.floor(now / 1000);
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
        this.record(performance.now() - call.sentAt);
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
    const n = Math.min(this.seen, this.maxSamples);
    const sorted = this.reservoir.slice(0, n).sort();
    return {
      samples: this.seen,
      meanMs: this.seen ? this.sumMs / this.seen : Number.NaN,
      p50Ms: percentile(sorted, 50),
      p90Ms: percentile(sorted, 90),
      p99Ms: percentile(sorted, 99),
      maxMs: this.seen ? this.maxMs : Number.NaN,
    };
  }

  snapshot(): CallStatsSnapshot {
    return {
      callsSent: this.callsSent,
      resultsReceived: this.resultsReceived,
      errorsReceived: this.errorsReceived,
      callsFailed: this.callsFailed,
      commandsReceived: this.commandsReceived,
      latency: this.latency(),
      busiestSecondCalls: Math.max(0, ...this.perSecond.values()),
    };
  }

  /** Forgets everything counted so far (e.g. the ramp-up); calls already in flight are not counted. */
  reset(): void {
    this.epoch++;
    this.perSecond.clear();
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
