import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { CallStats, mergeCallStats, type CallStatsPart } from './call-stats';

/** Emits the events ocpp-rpc's client emits around a CALL. */
class FakeClient extends EventEmitter {
  send(id: string) {
    this.emit('call', { outbound: true, payload: [2, id, 'Heartbeat', {}] });
  }
  result(id: string) {
    this.emit('response', { outbound: false, payload: [3, id, {}] });
  }
  error(id: string) {
    this.emit('response', { outbound: false, payload: [4, id, 'InternalError', '', {}] });
    this.emit('callError', { outbound: true, messageId: id });
  }
  timeout(id: string) {
    this.emit('callError', { outbound: true, messageId: id });
  }
}

const part = (over: Partial<CallStatsPart>): CallStatsPart => ({
  callsSent: 0,
  resultsReceived: 0,
  errorsReceived: 0,
  callsFailed: 0,
  commandsReceived: 0,
  seen: 0,
  sumMs: 0,
  maxMs: 0,
  samples: [],
  perSecond: [],
  slowPerSecond: [],
  ...over,
});

describe('mergeCallStats', () => {
  it('nearest rank over every latency kept: p50 of 1..10 is 5, p90 is 9, p99 is 10; nothing measured is NaN', () => {
    const samples = Array.from({ length: 10 }, (_, i) => i + 1);
    const one = mergeCallStats([part({ seen: 10, sumMs: 55, maxMs: 10, samples: [...samples].reverse() })]);
    expect(one.latency).toEqual({ samples: 10, meanMs: 5.5, p50Ms: 5, p90Ms: 9, p99Ms: 10, maxMs: 10 });
    expect(mergeCallStats([]).latency.p50Ms).toBeNaN();
    expect(mergeCallStats([part({})]).latency.maxMs).toBeNaN();
  });

  it('pools parts of several processes: counters add up, the busiest second adds the calls of the same second', () => {
    const a = part({
      callsSent: 30,
      resultsReceived: 29,
      callsFailed: 1,
      errorsReceived: 1,
      seen: 5,
      sumMs: 15,
      maxMs: 5,
      samples: [1, 2, 3, 4, 5],
      perSecond: [
        [100, 10],
        [101, 20],
      ],
      slowPerSecond: [[101, 1]],
    });
    const b = part({
      callsSent: 25,
      resultsReceived: 25,
      commandsReceived: 2,
      seen: 5,
      sumMs: 40,
      maxMs: 10,
      samples: [6, 7, 8, 9, 10],
      perSecond: [
        [101, 5],
        [102, 20],
      ],
      slowPerSecond: [
        [102, 1],
        [101, 2],
      ],
    });
    const merged = mergeCallStats([a, b]);
    expect(merged).toMatchObject({
      callsSent: 55,
      resultsReceived: 54,
      errorsReceived: 1,
      callsFailed: 1,
      commandsReceived: 2,
      busiestSecondCalls: 25,
      slowAcksBySecond: [
        [101, 3],
        [102, 1],
      ],
    });
    expect(merged.latency).toEqual({ samples: 10, meanMs: 5.5, p50Ms: 5, p90Ms: 9, p99Ms: 10, maxMs: 10 });
  });

  it('a part whose reservoir overflowed weighs as many latencies as it measured', () => {
    // 1,000 fast latencies sampled down to 10, plus 10 slow ones kept whole: the slow ones are 1 % of all.
    const fast = part({ seen: 1000, sumMs: 1000, maxMs: 1, samples: Array(10).fill(1) });
    const slow = part({ seen: 10, sumMs: 1000, maxMs: 100, samples: Array(10).fill(100) });
    const { latency } = mergeCallStats([fast, slow]);
    expect(latency.samples).toBe(1010);
    expect(latency.p90Ms).toBe(1);
    expect(latency.p99Ms).toBe(1);
    expect(mergeCallStats([fast, part({ seen: 20, sumMs: 2000, maxMs: 100, samples: Array(20).fill(100) })]).latency.p99Ms).toBe(100);
  });
});

describe('CallStats', () => {
  it('attach: counts CALLs, CALLRESULTs, CALLERRORs and lost calls, and measures latency of results only', async () => {
    const stats = new CallStats();
    const client = new FakeClient();
    stats.attach(client as unknown as RPCClient);

    client.send('a');
    client.send('b');
    client.send('c');
    await new Promise((r) => setTimeout(r, 20));
    client.result('a');
    client.error('b');
    client.timeout('c');
    client.emit('call', { outbound: false, payload: [2, 'x', 'Reset', {}] });

    const s = stats.snapshot();
    expect(s).toMatchObject({ callsSent: 3, resultsReceived: 1, errorsReceived: 1, callsFailed: 2, commandsReceived: 1 });
    expect(s.latency.samples).toBe(1);
    expect(s.latency.p50Ms).toBeGreaterThanOrEqual(15);
    expect(s.slowAcksBySecond).toEqual([]);
  });

  it('slow acknowledgements (over 100 ms) are counted by the second their CALL was sent', async () => {
    const stats = new CallStats();
    const client = new FakeClient();
    stats.attach(client as unknown as RPCClient);
    const sentSecond = Math.floor((performance.timeOrigin + performance.now()) / 1000);
    client.send('slow');
    client.send('quick');
    client.result('quick');
    await new Promise((r) => setTimeout(r, 120));
    client.result('slow');

    const [[second, acks]] = stats.snapshot().slowAcksBySecond as [[number, number]];
    expect(acks).toBe(1);
    expect([sentSecond, sentSecond + 1]).toContain(second);
  });

  it('reset: forgets what was counted and ignores answers to calls sent before it', () => {
    const stats = new CallStats();
    const client = new FakeClient();
    stats.attach(client as unknown as RPCClient);
    client.send('old');

    stats.reset();
    client.result('old');
    client.send('new');
    client.result('new');

    expect(stats.snapshot()).toMatchObject({ callsSent: 1, resultsReceived: 1, latency: { samples: 1 } });
  });

  it('record: beyond the reservoir size keeps a bounded sample but counts every value', () => {
    const stats = new CallStats(100);
    for (let i = 0; i < 10_000; i++) stats.record(i % 100);

    const l = stats.latency();
    expect(l.samples).toBe(10_000);
    expect(l.maxMs).toBe(99);
    expect(l.p50Ms).toBeGreaterThan(20);
    expect(l.p50Ms).toBeLessThan(80);
  });
});
