// @postgres concurrency, write-pool, driver-types: 7,400 connection records in batches under the 65,535 parameters of one statement; 1,050 stations closing.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStationOnline } from '../../src/ocpp/connections';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { bootedStation, databaseWithStations, eventually, stationClient } from './ocpp-helpers';

describe('station online state', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_PING_INTERVAL: '1' } });
    url = await t.listen();
  });
  afterAll(() => t.close());

  it('socket that stops answering pings (1 s interval): dropped within seconds, Disconnected recorded, connection record cleared', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'DEAD-01' });
    const client = await bootedStation(url, 'DEAD-01');
    await eventually(() => isStationOnline(t.db, pk, 1));
    const started = Date.now();

    // Act: the station's network goes silent (nothing read, so no pong is sent)
    (client as unknown as { _ws: { _socket: { pause(): void } } })._ws._socket.pause();

    // Assert
    const disconnected = await eventually(
      () =>
        t.db
          .selectFrom('notifications')
          .select(['type', 'notification_timestamp'])
          .where('charge_box_pk', '=', pk)
          .where('type', '=', 'Disconnected')
          .executeTakeFirst(),
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(disconnected.type).toBe('Disconnected');
    const record = await t.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).executeTakeFirst();
    expect(record).toBeUndefined();
    expect(await isStationOnline(t.db, pk, 1)).toBe(false);
    await client.close({ force: true });
  });

  it('socket that answers pings but sends no messages: stays online', async () => {
    const pk = await aStation(t, { id: 'QUIET-01' });
    const client = await bootedStation(url, 'QUIET-01');
    await new Promise((r) => setTimeout(r, 4_000));
    expect(await isStationOnline(t.db, pk, 1)).toBe(true);
    const events = await t.db.selectFrom('notifications').select('type').where('charge_box_pk', '=', pk).execute();
    expect(events.map((e) => e.type)).not.toContain('Disconnected');
    await client.close();
  });

  it('socket whose station talks (a heartbeat every 0.4 s, 1 s interval): not pinged while it talks, pinged once it falls silent', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'TALK-01' });
    const client = await bootedStation(url, 'TALK-01');
    const pings: number[] = [];
    (client as unknown as { _ws: { on(event: 'ping', listener: () => void): void } })._ws.on('ping', () => pings.push(Date.now()));

    // Act: 4 s of heartbeats, then silence
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      await client.call('Heartbeat', {});
      await new Promise((r) => setTimeout(r, 400));
    }
    const silentFrom = Date.now();
    await eventually(() => pings.some((at) => at >= silentFrom), 5_000);

    // Assert: no ping while messages came (each proves the socket alive); the station stays online
    expect(pings.filter((at) => at < silentFrom)).toEqual([]);
    expect(await isStationOnline(t.db, pk, 1)).toBe(true);
    await client.close();
  });

  it('socket that answers every ping (1 s interval): its record is written at every other pong, 2 s apart, not at each', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'PONG-01' });
    const client = await bootedStation(url, 'PONG-01');
    const seen = async () =>
      (await t.db.selectFrom('station_connections').select('last_seen_at').where('charge_box_pk', '=', pk).executeTakeFirstOrThrow())
        .last_seen_at;
    const writes: number[] = [(await seen()).getTime()];

    // Act: 5.5 s of pongs and nothing else
    const until = Date.now() + 5_500;
    while (Date.now() < until) {
      const at = (await seen()).getTime();
      if (at !== writes.at(-1)) writes.push(at);
      await new Promise((r) => setTimeout(r, 50));
    }

    // Assert: pongs come every 1 s; a refresh needs 1.5 s since the last one, so 2 s apart — 2 or 3 writes
    const gaps = writes.slice(1).map((at, i) => at - writes[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1_500);
      expect(gap).toBeLessThan(2_600);
    }
    await client.close();
  });

  it('record of a live socket removed (swept while the node was slow): written again at the next pong, with a Connected event', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'HEAL-01' });
    const client = await bootedStation(url, 'HEAL-01');
    await eventually(() => isStationOnline(t.db, pk, 1));

    // Act
    await t.db.deleteFrom('station_connections').where('charge_box_pk', '=', pk).execute();

    // Assert
    await eventually(() => isStationOnline(t.db, pk, 1), 5_000);
    const events = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('charge_box_pk', '=', pk)
      .orderBy('notification_pk')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['Connected', 'StationBooted', 'Connected']);
    await client.close();
  });

  it('connection record of a node that died (not refreshed for 3 ping intervals): swept, Disconnected recorded', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'ORPHAN-01' });
    await t.db
      .insertInto('station_connections')
      .values({
        charge_box_pk: pk,
        connection_id: randomUUID(),
        node_id: 'node-that-died',
        protocol: 'ocpp1.6',
        remote_address: null,
        connected_at: new Date(Date.now() - 60_000),
        last_seen_at: new Date(Date.now() - 10_000),
      })
      .execute();

    // Act + Assert
    await eventually(
      async () =>
        !(await t.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).executeTakeFirst()),
      5_000,
    );
    const events = await t.db.selectFrom('notifications').select('type').where('charge_box_pk', '=', pk).execute();
    expect(events.map((e) => e.type)).toEqual(['Disconnected']);
  });
});

describe('node start', () => {
  it('connection records left by this node before a restart: cleared at start with a Disconnected event', async () => {
    // Arrange
    const db = await createTestDatabase();
    const pk = await aStation({ db: db.database.db }, { id: 'STALE-01' });
    await db.database.db
      .insertInto('station_connections')
      .values({
        charge_box_pk: pk,
        connection_id: randomUUID(),
        node_id: hostname(),
        protocol: 'ocpp1.6',
        remote_address: null,
        connected_at: new Date(),
        last_seen_at: new Date(),
      })
      .execute();

    // Act
    const t = await createTestApp({ database: db.database });

    // Assert
    const record = await t.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).executeTakeFirst();
    const events = await t.db.selectFrom('notifications').select('type').where('charge_box_pk', '=', pk).execute();
    expect(record).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['Disconnected']);
    await t.close();
    await db.dispose();
  });
});

describe('node start after a large fleet', () => {
  it('7,400 connection records left by this node (more than the 65,535 parameters of one statement): all cleared at start, one Disconnected each', async () => {
    // Arrange
    const db = await databaseWithStations('MANY-', 7400);
    await sql`insert into station_connections (charge_box_pk, connection_id, node_id, protocol)
      select charge_box_pk, gen_random_uuid(), ${hostname()}, 'ocpp1.6' from charge_boxes where charge_box_id like 'MANY-%'`.execute(
      db.database.db,
    );

    // Act
    const t = await createTestApp({ database: db.database });

    // Assert
    const left = await sql<{ n: number }>`select count(*)::int as n from station_connections`.execute(t.db);
    const events = await sql<{ n: number }>`select count(*)::int as n from notifications n join charge_boxes cb using (charge_box_pk)
      where cb.charge_box_id like 'MANY-%' and n.type = 'Disconnected'`.execute(t.db);
    expect(left.rows[0]!.n).toBe(0);
    expect(events.rows[0]!.n).toBe(7400);
    await t.close();
    await db.dispose();
  });
});

describe('many sockets closing at once', () => {
  it('a node shutting down with 1,050 stations (more than one batch of closes): one Disconnected each at its close time, no record left', async () => {
    // Arrange
    const db = await databaseWithStations('BYE-', 1050);
    const t = await createTestApp({ database: db.database });
    const url = await t.listen();
    const clients = Array.from({ length: 1050 }, (_, i) => stationClient(url, `BYE-${i + 1}`));
    for (let i = 0; i < clients.length; i += 150) await Promise.all(clients.slice(i, i + 150).map((c) => c.connect()));
    const count = (q: string) => sql<{ n: number }>`select count(*)::int as n from ${sql.raw(q)}`.execute(t.db).then((r) => r.rows[0]!.n);
    const records = `station_connections join charge_boxes using (charge_box_pk) where charge_box_id like 'BYE-%'`;
    await eventually(async () => (await count(records)) === 1050, 20_000);
    const closing = new Date();

    // Act
    await t.close();

    // Assert: everything written before close() returned
    expect(await count(records)).toBe(0);
    const events = await sql<{ id: string; n: number; first: Date }>`
      select cb.charge_box_id as id, count(*)::int as n, min(n.notification_timestamp) as first
      from notifications n join charge_boxes cb using (charge_box_pk)
      where cb.charge_box_id like 'BYE-%' and n.type = 'Disconnected' group by cb.charge_box_id`.execute(db.database.db);
    expect(events.rows).toHaveLength(1050);
    expect(events.rows.every((r) => r.n === 1 && new Date(r.first).getTime() >= closing.getTime() - 1000)).toBe(true);
    await db.dispose();
  }, 150_000);
});
