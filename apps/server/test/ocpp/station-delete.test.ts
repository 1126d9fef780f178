// @postgres cluster: a station deleted through node B while connected to node A.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '@recarga/contracts/live';
import { aStation } from '../helpers/station-builders';
import { bearer, demo, loginAs } from '../helpers/test-app';
import { createTestCluster, type TestCluster } from '../helpers/test-cluster';
import { bootedStation, eventually, handshakeStatus, stationClient } from './ocpp-helpers';

/** Two nodes on one database and one bus: the station on node A, the dashboard deleting through node B. */
describe('deleting a connected station', () => {
  let cluster: TestCluster;
  let nodes: TestCluster['nodes'];
  let urls: string[];
  const published: {
    subject: string;
    data: { topic: string; data: { type: string; chargePoint: { chargeBoxId: string; online: boolean } } };
  }[] = [];

  beforeAll(async () => {
    cluster = await createTestCluster(2);
    ({ nodes, urls } = cluster);
    cluster.bus.subscribe('live.>', (data, subject) => published.push({ subject, data: data as never }));
  });
  afterAll(() => cluster.close());

  it('DELETE through node B of a station connected to node A: its socket is closed, dashboards get a delete, a reconnect is refused with 404', async () => {
    // Arrange
    const pk = await aStation(cluster, { id: 'DEL-LIVE-01', tenant: 'move' });
    const station = await bootedStation(urls[0]!, 'DEL-LIVE-01');
    const closed = new Promise<{ code: number; reason: string }>((r) => station.once('close', r as never));
    const admin = await loginAs(nodes[1]!, demo.admin);
    const move = await cluster.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow();

    // Act
    const res = await nodes[1]!.inject({ method: 'DELETE', url: `/api/chargepoints/${pk}`, headers: bearer(admin) });

    // Assert
    expect(res.statusCode, res.body).toBe(200);
    const close = await closed;
    expect(close.code).toBe(1000);
    await eventually(async () => {
      const rows = await cluster.db.selectFrom('station_connections').select('charge_box_pk').where('charge_box_pk', '=', pk).execute();
      return rows.length === 0;
    });
    const events = await eventually(async () => {
      const rows = await cluster.db
        .selectFrom('notifications')
        .select('type')
        .where('charge_box_pk', '=', pk)
        .orderBy('notification_pk')
        .execute();
      return rows.some((r) => r.type === 'Disconnected') && rows;
    });
    expect(events.map((e) => e.type)).toEqual(['Connected', 'StationBooted', 'Disconnected']);
    const message = await eventually(() =>
      published.find((p) => p.data.topic === liveTopics.chargeBox(move.api_key) && p.data.data.type === 'delete'),
    );
    expect(message.data.data.chargePoint).toMatchObject({ chargeBoxId: 'DEL-LIVE-01', online: false });
    expect(await handshakeStatus(stationClient(urls[0]!, 'DEL-LIVE-01'))).toBe(404);
    expect(await handshakeStatus(stationClient(urls[1]!, 'DEL-LIVE-01'))).toBe(404);
  });

  it('DELETE of a station that is not connected: answered 200 and dashboards still get the delete', async () => {
    const pk = await aStation(cluster, { id: 'DEL-OFF-01', tenant: 'move' });
    const admin = await loginAs(nodes[0]!, demo.admin);
    const res = await nodes[0]!.inject({ method: 'DELETE', url: `/api/chargepoints/${pk}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => published.find((p) => p.data.data.type === 'delete' && p.data.data.chargePoint.chargeBoxId === 'DEL-OFF-01'));
  });
});
