// @postgres cluster: a station reconnects to node B while node A still holds its old socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveTopics } from '@recarga/contracts/live';
import { callStation } from '../../src/ocpp/call-station';
import { aStation } from '../helpers/station-builders';
import { createTestCluster, type TestCluster } from '../helpers/test-cluster';
import { demo, loginAs } from '../helpers/test-app';
import { bootedStation, eventually } from './ocpp-helpers';

/** Two nodes on one database and one bus, as behind a load balancer. */
describe('two nodes', () => {
  let cluster: TestCluster;
  let nodes: TestCluster['nodes'];
  let urls: string[];

  beforeAll(async () => {
    cluster = await createTestCluster(2);
    ({ nodes, urls } = cluster);
  });
  afterAll(() => cluster.close());

  it("station on node A, dashboard on node B: the status change reaches the dashboard; node B's command reaches the station", async () => {
    // Arrange
    await aStation(cluster, { id: 'NODES-01', tenant: 'move' });
    const token = await loginAs(nodes[1]!, demo.operator);
    const move = await cluster.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const topic = liveTopics.connectorStatus(move.api_key, 'NODES-01', 1);
    const live = new WebSocket(`${urls[1]!.replace('http', 'ws')}/live?platform=DASHBOARD`);
    const received: { topic: string; data?: { status: string }; subscribed?: boolean }[] = [];
    live.on('message', (raw) => received.push(JSON.parse(raw.toString())));
    await new Promise((r) => live.once('open', r));
    live.send(JSON.stringify({ action: 'authenticate', token }));
    live.send(JSON.stringify({ action: 'subscribe', topic }));
    await eventually(() => received.some((m) => m.subscribed));
    const station = await bootedStation(urls[0]!, 'NODES-01');
    station.handle('ChangeAvailability', async () => ({ status: 'Scheduled' }));

    // Act
    await station.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'SuspendedEV' });
    const answer = await callStation(nodes[1]!.platform.bus, 'NODES-01', 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' });

    // Assert
    await eventually(() => received.some((m) => m.topic === topic && m.data?.status === 'SuspendedEV'));
    expect(answer).toEqual({ status: 'Scheduled' });
    expect(nodes[0]!.ocpp.localStations()).toContain('NODES-01');
    expect(nodes[1]!.ocpp.localStations()).not.toContain('NODES-01');
    await station.close();
    live.close();
  });

  it('sign-out on node A: the live socket the session holds on node B closes at once', async () => {
    const token = await loginAs(nodes[0]!, demo.operator);
    const live = new WebSocket(`${urls[1]!.replace('http', 'ws')}/live?platform=DASHBOARD`);
    const closed = new Promise<number>((r) => live.once('close', (code) => r(code)));
    const received: { authenticated?: boolean }[] = [];
    live.on('message', (raw) => received.push(JSON.parse(raw.toString())));
    await new Promise((r) => live.once('open', r));
    live.send(JSON.stringify({ action: 'authenticate', token }));
    await eventually(() => received.some((m) => m.authenticated));

    const out = await nodes[0]!.inject({ method: 'POST', url: '/api/logout/', headers: { authorization: `Bearer ${token}` } });

    expect(out.statusCode).toBe(200);
    // Node B's periodic session check runs every minute; the close comes from the announcement.
    expect(await closed).toBe(4401);
  });

  it('station reconnects to node B while node A still holds its old socket: node A closes the old one, the station stays online', async () => {
    // Arrange
    const pk = await aStation(cluster, { id: 'NODES-02' });
    const onA = await bootedStation(urls[0]!, 'NODES-02');
    const closedOnA = new Promise<{ code: number }>((r) => onA.once('close', r as never));

    // Act
    const onB = await bootedStation(urls[1]!, 'NODES-02');
    const closed = await closedOnA;

    // Assert
    expect(closed.code).toBe(1000);
    await nodes[0]!.ocpp.flush();
    await nodes[1]!.ocpp.flush();
    const record = await cluster.db.selectFrom('station_connections').select(['charge_box_pk']).where('charge_box_pk', '=', pk).execute();
    expect(record).toHaveLength(1);
    const events = await cluster.db
      .selectFrom('notifications')
      .select('type')
      .where('charge_box_pk', '=', pk)
      .where('type', '=', 'Disconnected')
      .execute();
    expect(events).toHaveLength(0);
    expect(nodes[1]!.ocpp.localStations()).toContain('NODES-02');
    await onB.close();
  });
});
