import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedMeter, type SimulatedMeterOptions } from './meter';
import type { MeterMeasurement } from './meter-measurement';
import { HttpMeterPublisher, MqttMeterPublisher, meterTopic, type MeterPublisher } from './meter-publishers';

/** Keeps what it is given; `failing` makes every send reject, as an unreachable service would. */
class RecordingPublisher implements MeterPublisher {
  readonly sent: MeterMeasurement[] = [];
  constructor(
    readonly name = 'memory',
    private readonly failing = false,
  ) {}
  async publish(m: MeterMeasurement): Promise<void> {
    if (this.failing) throw new Error('service unreachable');
    this.sent.push(m);
  }
  async close(): Promise<void> {}
}

const meters: SimulatedMeter[] = [];

function aMeter(overrides: Partial<SimulatedMeterOptions> = {}): SimulatedMeter {
  const meter = new SimulatedMeter({
    deviceRemoteId: 'METER-TEST-1',
    macAddress: 'AA:BB:CC:DD:EE:01',
    baseLoad: { minA: 20, maxA: 60, noiseA: 0 },
    publishers: [new RecordingPublisher()],
    ...overrides,
  });
  meters.push(meter);
  return meter;
}

afterEach(async () => {
  await Promise.all(meters.splice(0).map((m) => m.stop()));
  vi.useRealTimers();
});

describe('SimulatedMeter readings', () => {
  it('measure: at 19:00 Brasília time with chargers drawing 10 A on every line plus 16 A on L1, reads base + chargers: 86, 66.8, 68.8 A', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T22:00:00Z'));
    const meter = aMeter({ chargers: () => [26, 10, 10] });

    const m = meter.measure();

    // Base at the evening peak: 60, 20 + 40 × 0.92 = 56.8, 20 + 40 × 0.97 = 58.8.
    expect(m).toEqual({
      mac_address: 'AA:BB:CC:DD:EE:01',
      timestamp: '2026-11-25T22:00:00.000Z',
      phases: { '01': 86, '02': 66.8, '03': 68.8 },
    });
  });

  it('measure: with the building clock 60 times faster, 13 real minutes after 06:00 it is 19:00 at the building; the timestamp stays real', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const meter = aMeter({ timeScale: 60, startAt: new Date('2026-11-25T09:00:00Z') });

    // 06:00 local: the morning shoulder, 20 + 40 × 0.35 × e^(-4 / 2.88) = 23.49 A on L1.
    expect(meter.measure().phases['01']).toBe(23.49);
    vi.setSystemTime(new Date('2026-11-25T12:13:00Z'));
    const m = meter.measure();

    expect(meter.buildingTime().toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(m.timestamp).toBe('2026-11-25T12:13:00.000Z');
    expect(m.phases).toEqual({ '01': 60, '02': 56.8, '03': 58.8 });
  });

  it('measure: rounds every phase to two decimals', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T22:00:00Z'));
    const meter = aMeter({ chargers: () => [1.234, 2.345_6, 0.001] });

    expect(meter.measure().phases).toEqual({ '01': 61.23, '02': 59.15, '03': 58.8 });
  });
});

describe('SimulatedMeter publishing', () => {
  it('start: publishes at once and every 5 s; a 12 s dropout skips the two readings due in it and it resumes after', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const publisher = new RecordingPublisher();
    const meter = aMeter({ publishers: [publisher] });
    const events: string[] = [];
    meter.on('dropout', () => events.push('dropout'));
    meter.on('resumed', () => events.push('resumed'));

    meter.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(publisher.sent.map((m) => m.timestamp.slice(11, 19))).toEqual(['12:00:00', '12:00:05', '12:00:10', '12:00:15']);

    meter.dropout(12); // silent until 12:00:27
    await vi.advanceTimersByTimeAsync(10_000);
    expect(meter.silent).toBe(true);
    expect(publisher.sent).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(5_000);

    expect(publisher.sent.map((m) => m.timestamp.slice(11, 19)).slice(4)).toEqual(['12:00:30']);
    expect(meter.counters()).toEqual({ readings: 5, skipped: 2, published: { memory: 5 }, failed: {} });
    expect(events).toEqual(['dropout', 'resumed']);
  });

  it('publishNow: when one publisher fails, counts the failure, emits it, and the other publisher still gets the reading', async () => {
    const good = new RecordingPublisher('http');
    const meter = aMeter({ publishers: [new RecordingPublisher('mqtt', true), good] });
    const failures: string[] = [];
    meter.on('failed', (err: Error, name: string) => failures.push(`${name}: ${err.message}`));

    await meter.publishNow();

    expect(good.sent).toHaveLength(1);
    expect(failures).toEqual(['mqtt: service unreachable']);
    expect(meter.counters()).toMatchObject({ readings: 1, published: { http: 1 }, failed: { mqtt: 1 } });
  });
});

describe('HttpMeterPublisher', () => {
  const servers: Array<ReturnType<typeof createServer>> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  async function aReceiver(status: number) {
    const requests: Array<{ method?: string; url?: string; token?: string; type?: string; body: unknown }> = [];
    const server = createServer((req: IncomingMessage, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        requests.push({
          method: req.method,
          url: req.url,
          token: req.headers['x-meter-token'] as string | undefined,
          type: req.headers['content-type'],
          body: JSON.parse(text),
        });
        res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{}' : '{"code":"unauthorized"}');
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { requests, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('publish: POSTs the reading to /smart/meters/{device_remote_id}/measurements with the X-Meter-Token header', async () => {
    const { requests, base } = await aReceiver(204);
    const publisher = new HttpMeterPublisher({ server: `${base}/`, deviceRemoteId: 'METER 7', token: 'tok-123' });
    const reading = {
      mac_address: 'AA:BB:CC:DD:EE:07',
      timestamp: '2026-11-25T12:00:00.000Z',
      phases: { '01': 41.2, '02': 38.9, '03': 40 },
    };

    await publisher.publish(reading);

    expect(requests).toEqual([
      { method: 'POST', url: '/smart/meters/METER%207/measurements', token: 'tok-123', type: 'application/json', body: reading },
    ]);
  });

  it('publish: when the service answers 401, rejects with the status and the answer', async () => {
    const { base } = await aReceiver(401);
    const publisher = new HttpMeterPublisher({ server: base, deviceRemoteId: 'METER-8', token: 'wrong' });

    await expect(
      publisher.publish({ mac_address: 'AA:BB:CC:DD:EE:08', timestamp: '2026-11-25T12:00:00.000Z', phases: { '01': 1, '02': 2, '03': 3 } }),
    ).rejects.toThrow(/answered 401: \{"code":"unauthorized"\}/);
  });
});

describe.skipIf(!process.env.TEST_MQTT_URL)('MqttMeterPublisher (TEST_MQTT_URL)', () => {
  it('a running meter: a subscriber on recarga/meters/{id}/measurements receives a well-formed JSON reading', async () => {
    const url = process.env.TEST_MQTT_URL!;
    const deviceRemoteId = `TEST-${process.pid}-${Date.now()}`;
    const subscriber = await mqtt.connectAsync(url, { connectTimeout: 5000 });
    try {
      const received = new Promise<{ topic: string; payload: string }>((resolve) =>
        subscriber.once('message', (topic, payload) => resolve({ topic, payload: payload.toString('utf8') })),
      );
      await subscriber.subscribeAsync(meterTopic(deviceRemoteId), { qos: 1 });
      const meter = aMeter({
        deviceRemoteId,
        macAddress: 'AA:BB:CC:DD:EE:01',
        baseLoad: { minA: 20, maxA: 60 },
        chargers: () => [16, 16, 16],
        publishers: [await MqttMeterPublisher.connect({ url, deviceRemoteId })],
        intervalMs: 200,
      });

      meter.start();
      const { topic, payload } = await received;

      expect(topic).toBe(`recarga/meters/${deviceRemoteId}/measurements`);
      const body = JSON.parse(payload) as MeterMeasurement;
      expect(Object.keys(body).sort()).toEqual(['mac_address', 'phases', 'timestamp']);
      expect(body.mac_address).toBe('AA:BB:CC:DD:EE:01');
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
      expect(Object.keys(body.phases).sort()).toEqual(['01', '02', '03']);
      for (const a of Object.values(body.phases)) {
        // Base 20-60 A plus 16 A of chargers, two decimals.
        expect(a).toBeGreaterThanOrEqual(36);
        expect(a).toBeLessThanOrEqual(76);
        expect(Math.round(a * 100) / 100).toBe(a);
      }
    } finally {
      await subscriber.endAsync();
    }
  });
});
