// @postgres concurrency, cluster: two nodes on one share group store each reading once.
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenantPk } from './helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';

const url = process.env.TEST_MQTT_URL;

/** A meter's readings over MQTT (MQTT_URL): the broker of TEST_MQTT_URL (CI: Mosquitto on loopback). */
describe.skipIf(!url)('meters over MQTT', () => {
  // A share group of this run alone, so that other test runs on the same broker never take its messages.
  const group = `t${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let publisher: MqttClient;
  let admin: string;
  let move: number;

  const env = (node: string) => ({ MQTT_URL: url!, MQTT_SHARE_GROUP: group, NODE_ID: node });
  const topic = (device: string) => `recarga/meters/${device}/measurements`;
  const send = (device: string, payload: unknown) =>
    publisher.publishAsync(topic(device), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
  const count = (meterPk: number) =>
    a.db
      .selectFrom('meter_measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meter_pk', '=', meterPk)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  /** This node's count of MQTT readings with an outcome (its /metrics). */
  async function counted(t: TestApp, outcome: string): Promise<number> {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith('recarga_meter_readings_total{') && l.includes(`outcome="${outcome}"`) && l.includes('source="mqtt"'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }
  async function aMeter(device: string, mac: string) {
    const res = await a.app.inject({
      method: 'POST',
      url: '/smart/meters',
      headers: bearer(admin),
      payload: { mac_address: mac, device_remote_id: device, tenant_id: move },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().meter_id as number;
  }

  beforeAll(async () => {
    a = await createTestApp({ env: env('mqtt-a') });
    // A second node on the same database and the same share group.
    b = await createTestApp({ env: env('mqtt-b'), database: a.database });
    admin = await loginAs(a.app, demo.admin);
    move = await tenantPk(a, 'move');
    publisher = await mqtt.connectAsync(url!, { clientId: `recarga-test-pub-${group}` });
    await Promise.all([a.app.services.get('meterMqtt')!.subscribed, b.app.services.get('meterMqtt')!.subscribed]);
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await b?.close();
    await a?.close();
  });

  it('a reading published on the device’s topic is stored, and a later one replaces it as the latest', async () => {
    const meterPk = await aMeter(`MQ-${group}-1`, 'AB:CD:EF:00:00:01');
    const now = Date.now();

    await send(`MQ-${group}-1`, {
      mac_address: 'AB:CD:EF:00:00:01',
      timestamp: new Date(now - 2000).toISOString(),
      phases: { '01': 41.2, '02': 38.9, '03': 40 },
    });
    await vi.waitFor(async () => expect(await count(meterPk)).toBe(1), { timeout: 10_000, interval: 50 });
    await send(`MQ-${group}-1`, {
      mac_address: 'AB:CD:EF:00:00:01',
      timestamp: new Date(now - 1000).toISOString(),
      phases: { '01': 10, '02': 11.5, '03': 12.25 },
    });
    await vi.waitFor(async () => expect(await count(meterPk)).toBe(2), { timeout: 10_000, interval: 50 });

    const latest = await a.app.inject({
      method: 'GET',
      url: `/smart/meters/measurements?device_remote_id=MQ-${group}-1`,
      headers: bearer(admin),
    });
    expect(latest.json()).toMatchObject({ status: 1, current: { '01': 10, '02': 11.5, '03': 12.25 }, max_phase: 12.3 });
  });

  it('bad messages (not JSON, not a reading, an unknown device, another MAC) are counted and dropped; the node keeps going', async () => {
    const meterPk = await aMeter(`MQ-${group}-2`, 'AB:CD:EF:00:00:02');
    const good = { mac_address: 'AB:CD:EF:00:00:02', timestamp: new Date().toISOString(), phases: { '01': 1, '02': 2, '03': 3 } };
    const before = {
      invalid: (await counted(a, 'invalid')) + (await counted(b, 'invalid')),
      unknown: (await counted(a, 'unknown_device')) + (await counted(b, 'unknown_device')),
      rejected: (await counted(a, 'rejected')) + (await counted(b, 'rejected')),
    };

    await send(`MQ-${group}-2`, '{not json');
    await send(`MQ-${group}-2`, { ...good, phases: { '01': -5, '02': 2, '03': 3 } });
    await send(`MQ-${group}-NOPE`, good);
    await send(`MQ-${group}-2`, { ...good, mac_address: 'AB:CD:EF:00:00:99' });
    await send(`MQ-${group}-2`, good);

    await vi.waitFor(async () => expect(await count(meterPk)).toBe(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(
      async () => {
        expect((await counted(a, 'invalid')) + (await counted(b, 'invalid')) - before.invalid).toBe(2);
        expect((await counted(a, 'unknown_device')) + (await counted(b, 'unknown_device')) - before.unknown).toBe(1);
        expect((await counted(a, 'rejected')) + (await counted(b, 'rejected')) - before.rejected).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('two nodes on one share group: each of 20 readings is handled by one node and stored once', async () => {
    const meterPk = await aMeter(`MQ-${group}-3`, 'AB:CD:EF:00:00:03');
    const before =
      (await counted(a, 'stored')) + (await counted(b, 'stored')) + (await counted(a, 'duplicate')) + (await counted(b, 'duplicate'));
    const start = Date.now() - 60_000;

    for (let i = 0; i < 20; i++)
      await send(`MQ-${group}-3`, {
        mac_address: 'AB:CD:EF:00:00:03',
        timestamp: new Date(start + i * 1000).toISOString(),
        phases: { '01': i, '02': i, '03': i },
      });

    await vi.waitFor(async () => expect(await count(meterPk)).toBe(20), { timeout: 10_000, interval: 50 });
    const handled =
      (await counted(a, 'stored')) + (await counted(b, 'stored')) + (await counted(a, 'duplicate')) + (await counted(b, 'duplicate'));
    expect(handled - before).toBe(20);
  });
});

describe('meters with an unreachable MQTT broker', () => {
  it('the node, when the broker refuses connections, starts, takes HTTP readings and closes', async () => {
    const t = await createTestApp({ env: { MQTT_URL: 'mqtt://127.0.0.1:1', NODE_ID: 'mqtt-down' } });
    try {
      const admin = await loginAs(t.app, demo.admin);
      const reg = await t.app.inject({
        method: 'POST',
        url: '/smart/meters',
        headers: bearer(admin),
        payload: { mac_address: 'AB:CD:EF:00:01:01', device_remote_id: 'MQ-DOWN-1' },
      });
      const pushed = await t.app.inject({
        method: 'POST',
        url: '/smart/meters/MQ-DOWN-1/measurements',
        headers: { 'x-meter-token': reg.json().token },
        payload: { mac_address: 'AB:CD:EF:00:01:01', timestamp: new Date().toISOString(), phases: { '01': 1, '02': 2, '03': 3 } },
      });

      expect(reg.statusCode).toBe(201);
      expect(pushed.statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});
