// @postgres concurrency, write-pool: two sockets of one station racing their connection records across the pools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { subjectToken } from '../../src/platform/bus-subjects';
import { eventually, handshakeStatus, ocppUrl, stationClient } from './ocpp-helpers';

describe('OCPP connection: who may connect', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    await aStation(t, { id: 'SECURE-01', password: 'correct horse battery' });
  });
  afterAll(() => t.close());

  /** The HTTP status a plain websocket handshake at /ocpp/{path} gets (101 when accepted; closed again). */
  const rawHandshakeStatus = (path: string, protocols: string[]) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${ocppUrl(url)}/${path}`, protocols);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? -1));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('error', () => undefined);
    });

  it('station with a password, right password: accepted and marked connected', async () => {
    const client = stationClient(url, 'SECURE-01', { password: 'correct horse battery' });
    await client.connect();
    const row = await eventually(() =>
      t.db
        .selectFrom('station_connections as sc')
        .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'sc.charge_box_pk')
        .select(['sc.protocol', 'sc.node_id'])
        .where('cb.charge_box_id', '=', 'SECURE-01')
        .executeTakeFirst(),
    );
    expect(row.protocol).toBe('ocpp1.6');
    await client.close();
  });

  it('station with a password, wrong password: refused with 401', async () => {
    expect(await handshakeStatus(stationClient(url, 'SECURE-01', { password: 'wrong' }))).toBe(401);
  });

  it('station with a password, no credentials: refused with 401', async () => {
    expect(await handshakeStatus(stationClient(url, 'SECURE-01'))).toBe(401);
  });

  it('unknown charge box id: refused with 404 and recorded with attempts, address and protocol', async () => {
    // Act
    const first = await handshakeStatus(stationClient(url, 'NOBODY-01'));
    const second = await handshakeStatus(stationClient(url, 'NOBODY-01'));

    // Assert
    expect([first, second]).toEqual([404, 404]);
    const row = await t.db.selectFrom('unknown_stations').selectAll().where('charge_box_id', '=', 'NOBODY-01').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.protocol).toBe('ocpp1.6');
    expect(row.last_remote_address).toMatch(/127\.0\.0\.1/);
    expect(row.last_attempt_at.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('deleted station: refused like an unknown one', async () => {
    const pk = await aStation(t, { id: 'DELETED-01' });
    await t.db.updateTable('charge_boxes').set({ deleted_at: new Date() }).where('charge_box_pk', '=', pk).execute();
    expect(await handshakeStatus(stationClient(url, 'DELETED-01'))).toBe(404);
  });

  it('an identity holding a NUL (%00): refused with 400, and a station connecting at the same moment is not affected', async () => {
    await aStation(t, { id: 'NEIGHBOUR-01' });
    const [bad, good] = await Promise.all([
      rawHandshakeStatus('BAD%00ID', ['ocpp1.6']),
      handshakeStatus(stationClient(url, 'NEIGHBOUR-01')),
    ]);
    expect(bad).toBe(400);
    expect(good).toBe(101);
  });

  it('an identity whose percent-encoding does not decode: refused with 400', async () => {
    const status = await rawHandshakeStatus('BAD%E0%A4%A', ['ocpp1.6']);
    expect(status).toBe(400);
  });

  it('no OCPP subprotocol offered: refused with 400, and the network’s log says why (once, however often it retries)', async () => {
    await aStation(t, { id: 'NOPROTO-01' });
    const status = await rawHandshakeStatus('NOPROTO-01', ['ocpp2.0.1']);
    expect(status).toBe(400);
    expect(await rawHandshakeStatus('NOPROTO-01', ['ocpp2.0.1'])).toBe(400);
    await t.app.services.get('tenantLog').flush();
    const lines = await t.db
      .selectFrom('tenant_log_lines')
      .select(['level', 'category', 'text'])
      .where('charge_box_id', '=', 'NOPROTO-01')
      .execute();
    expect(lines).toEqual([
      {
        level: 'WARN',
        category: 'ocpp',
        // Stored as phrase tokens (worded in the network's language when read): ⟦refusedProtocol⟧ ⟦field.offered⟧=ocpp2.0.1 …
        text: expect.stringMatching(/^\u27e6refusedProtocol\u27e7 \u27e6field\.offered\u27e7=ocpp2\.0\.1 .*ocpp1\.6/),
      },
    ]);
  });

  it('a second socket of the same station: replaces the first, which is closed without a Disconnected event', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'TWICE-01' });
    const first = stationClient(url, 'TWICE-01');
    await first.connect();
    const firstClosed = new Promise<{ code: number }>((r) => first.once('close', r as never));

    // Act
    const second = stationClient(url, 'TWICE-01');
    await second.connect();
    const closed = await firstClosed;
    await second.call('Heartbeat', {});
    await t.app.ocpp.flush();

    // Assert
    expect(closed.code).toBe(1000);
    const events = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('charge_box_pk', '=', pk)
      .orderBy('notification_pk')
      .execute();
    expect(
      events.map((e) => e.type),
      JSON.stringify(events),
    ).toEqual(['Connected', 'Connected']);
    const conn = await t.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).execute();
    expect(conn).toHaveLength(1);
    await second.close();
  });

  it('five sockets of one station opened at once: one stays connected and answering, the four others are closed as replaced', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'BURST-01' });
    const clients = Array.from({ length: 5 }, () => stationClient(url, 'BURST-01'));
    const closed = new Map<number, number>();
    clients.forEach((c, i) => c.on('close', ({ code }: { code: number }) => closed.set(i, code)));

    // Act
    await Promise.allSettled(clients.map((c) => c.connect()));
    await eventually(() => closed.size >= 4);

    // Assert: each late bus message of an older socket used to close the newest too, and none stayed.
    const survivor = clients.find((_, i) => !closed.has(i));
    expect(survivor, 'a socket stays open').toBeDefined();
    expect(await survivor!.call('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
    await t.app.ocpp.flush();
    expect(closed.size).toBe(4);
    expect([...closed.values()]).toEqual([1000, 1000, 1000, 1000]);
    const conn = await t.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).execute();
    expect(conn).toHaveLength(1);
    await survivor!.close();
  });

  it('a late notice of an older socket (the broker delivers after the newer socket is in place): the newer one stays; a newer socket on another node takes over', async () => {
    // Arrange
    await aStation(t, { id: 'LATE-01' });
    const client = stationClient(url, 'LATE-01');
    await client.connect();
    let closedWith: number | null = null;
    client.on('close', ({ code }: { code: number }) => (closedWith = code));
    const notice = (nodeId: string, connectedAt: number, connectionId: string) =>
      t.bus.publish(`ocpp.connected.${subjectToken('LATE-01')}`, { chargeBoxId: 'LATE-01', connectionId, nodeId, connectedAt });

    // Act: this node's own older socket, then another node's older one, arrive late.
    notice(t.app.ocpp.nodeId, Date.now() - 1000, 'an-older-socket-here');
    notice('another-node', Date.now() - 1000, 'an-older-socket-there');

    // Assert: still connected and answering.
    expect(await client.call('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
    expect(closedWith).toBeNull();

    // A newer socket of the station on another node: this one gives way.
    notice('another-node', Date.now() + 1000, 'a-newer-socket-there');
    await eventually(() => closedWith === 1000);
  });

  it('other paths on the HTTP server: upgrade refused with 404', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/somewhere/else`, ['ocpp1.6']);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? -1));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe('OCPP connection: a node at its socket limit', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_MAX_CONNECTIONS: '2' } });
    url = await t.listen();
    for (const id of ['CAP-01', 'CAP-02', 'CAP-03']) await aStation(t, { id });
  });
  afterAll(() => t.close());

  it('refuses the socket past OCPP_MAX_CONNECTIONS with 503 and takes one again when a socket closes', async () => {
    // Arrange: refused handshakes hand their socket back
    expect(await handshakeStatus(stationClient(url, 'NOBODY-CAP'))).toBe(404);
    expect(await handshakeStatus(stationClient(url, 'NOBODY-CAP'))).toBe(404);
    const first = stationClient(url, 'CAP-01');
    const second = stationClient(url, 'CAP-02');
    await first.connect();
    await second.connect();

    // Act
    const third = await handshakeStatus(stationClient(url, 'CAP-03'));
    await first.close();
    const again = await eventually(async () => {
      const status = await handshakeStatus(stationClient(url, 'CAP-03'));
      return status === 101 ? status : undefined;
    });

    // Assert
    expect(third).toBe(503);
    expect(again).toBe(101);
    await second.close();
  });

  it('says when to come back', async () => {
    // The previous test's sockets may still be closing on the server's side.
    const connected = (id: string) =>
      eventually(async () => {
        const client = stationClient(url, id);
        await client.connect();
        return client;
      });
    const a = await connected('CAP-01');
    const b = await connected('CAP-02');
    const response = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ocpp/CAP-03`, 'ocpp1.6');
      ws.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined });
        ws.terminate();
      });
      ws.on('open', () => reject(new Error('connected past the limit')));
      ws.on('error', () => undefined);
    });
    expect(response).toEqual({ status: 503, retryAfter: '30' });
    await a.close();
    await b.close();
  });
});
