// @postgres write-pool, planner: a live station's statuses through the batcher's pool drive the live figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveTopics } from '@recarga/contracts/live';
import { liveStatsSchema } from '@recarga/contracts/stats';
import { createTestApp, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { bootedStation } from '../../../test/ocpp/ocpp-helpers';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation } from '../../../test/helpers/station-builders';

/** A /live socket collecting the data messages of one topic. */
async function subscribe(httpUrl: string, token: string, topic: string) {
  const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/live?platform=DASHBOARD`);
  const data: unknown[] = [];
  let acked: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (acked = resolve));
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as { topic?: string; data?: unknown; subscribed?: boolean };
    if (m.topic === topic && m.subscribed) acked();
    if (m.topic === topic && 'data' in m) data.push(m.data);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ action: 'authenticate', token }));
  ws.send(JSON.stringify({ action: 'subscribe', topic }));
  await subscribed;
  /** Waits until a received message satisfies `match`; fails after `timeoutMs`. */
  const waitFor = async (match: (data: unknown) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!data.some(match)) {
      if (Date.now() > deadline) throw new Error(`no matching stats message within ${timeoutMs} ms; got ${JSON.stringify(data)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { ws, data, waitFor };
}

describe('live stats topic', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  let andesKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    const viewer = await aDashboardUser(t, { email: 'live@andescarga.ec', password: 'Live@2026x', tenant: 'andes', routes: ['/'] });
    token = await loginAs(t.app, viewer);
    andesKey = (await t.db.selectFrom('tenants').select('api_key').where('alias', '=', 'andes').executeTakeFirstOrThrow()).api_key;
    await aStation(t, { id: 'LIVE-STATS-1', tenant: 'andes', connectors: 2 });
  });
  afterAll(() => t.close());

  // How many messages a burst gives is the debouncer's job, tested exactly in live-stats-pacing.test.ts.
  it('a station going online and charging: the Andes stats topic receives its new figures, without money, never the same figures twice', async () => {
    // Arrange
    const live = await subscribe(url, token, liveTopics.stats(andesKey));
    const station = await bootedStation(url, 'LIVE-STATS-1');

    // Act: a burst of status reports.
    for (const [connectorId, status] of [
      [1, 'Available'],
      [2, 'Available'],
      [1, 'Preparing'],
      [1, 'Charging'],
    ] as const) {
      await station.call('StatusNotification', { connectorId, errorCode: 'NoError', status, timestamp: new Date().toISOString() });
    }

    // Assert
    const charging = (d: unknown) => liveStatsSchema.parse(d).stations.inUse === 1;
    await live.waitFor(charging);
    const stats = liveStatsSchema.parse(live.data.find(charging));
    expect(stats.stations).toEqual({ total: 2, inUse: 1, available: 0, unavailable: 1, maintenance: 0 });
    expect(stats.users).toEqual({ total: 1, inUse: 0, notUsing: 1 });
    expect(stats.energy.coin).toBe('USD');
    const figures = live.data.map((d) => JSON.stringify({ ...liveStatsSchema.parse(d), at: undefined }));
    for (let i = 1; i < figures.length; i++) expect(figures[i]).not.toBe(figures[i - 1]);
    expect(JSON.stringify(live.data)).not.toMatch(/cost|income/i);

    await station.close({ force: true });
    live.ws.close();
  });
});
