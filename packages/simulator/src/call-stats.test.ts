import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { CallStats, percentile } from './call-stats';

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

describe('percentile', () => {
  it('nearest rank: p50 of 1..10 is 5, p99 is 10, an empty list is NaN', () => {
    const sorted = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
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
