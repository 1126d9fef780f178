// @postgres cluster: three nodes over NATS on one database; a node dies holding a station in a transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '@recarga/contracts/live';
import { TASK_STALE_MS } from '../../src/modules/operations/service';
import { aStation, aTag } from '../helpers/station-builders';
import { bearer, demo, loginAs } from '../helpers/test-app';
import { createTestCluster, type TestCluster } from '../helpers/test-cluster';
import { openLive, type Inbox } from '../helpers/live-socket';
import { bootedStation, eventually, stationClient } from '../ocpp/ocpp-helpers';

/** Runs against a real NATS server when TEST_NATS_URL is set (CI: nats://127.0.0.1:4222). */
const natsUrl = process.env.TEST_NATS_URL;

/** The statuses the station reports, in this order (each with its own timestamp, so every event is told apart). */
const sequence = ['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Charging', 'Finishing', 'Available', 'Unavailable'] as const;

/** Three nodes, each with its own NATS connection, on one database: node A is nodes[0], B nodes[1], C nodes[2]. */
describe.skipIf(!natsUrl)('three nodes over NATS', () => {
  let cluster: TestCluster;
  let apiKey: string;
  // Station ids unique to the run: other runs on the same NATS server publish on the same subjects.
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

  beforeAll(async () => {
    cluster = await createTestCluster(3, { natsUrl, env: { OCPP_COMMAND_TIMEOUT: '60' } });
    ({ api_key: apiKey } = await cluster.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow());
  });
  afterAll(() => cluster.close());

  it('status changes of a station on node A, with a dashboard socket on each node following the connector (node B subscribed twice, node C through the status pattern): each socket gets each event exactly once, in order', async () => {
    // Arrange
    const id = `LIVE3-${suffix}`;
    await aStation(cluster, { id, tenant: 'move' });
    const topic = liveTopics.connectorStatus(apiKey, id, 1);
    const token = await loginAs(cluster.nodes[0]!, demo.operator);
    const sockets: Inbox[] = [];
    for (const [i, url] of cluster.urls.entries()) {
      // Node C's socket follows every connector of the api key through the pattern, as the dashboard does.
      const subscription = i === 2 ? liveTopics.anyConnectorStatus(apiKey) : topic;
      const live = await openLive(url, token);
      live.send({ action: 'subscribe', topic: subscription });
      await live.next((m) => m.topic === subscription && m.subscribed === true);
      sockets.push(live);
    }
    sockets[1]!.send({ action: 'subscribe', topic });
    await eventually(() => sockets[1]!.messages.filter((m) => m.topic === topic && m.subscribed === true).length === 2);
    const station = await bootedStation(cluster.urls[0]!, id);
    const base = Date.now() - 3_600_000;
    const sent = sequence.map((status, i) => ({ status, timestamp: new Date(base + i * 1000).toISOString() }));
    const last = { status: 'Available', timestamp: new Date(base + sequence.length * 1000).toISOString() };

    // Act
    for (const s of [...sent, last]) await station.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', ...s });

    // Assert: the last event reached every socket; a copy of an earlier one would have come before it (NATS keeps a publisher's order).
    for (const live of sockets)
      await live.next((m) => m.topic === topic && (m.data as { timestamp?: string })?.timestamp === last.timestamp);
    for (const live of sockets) {
      const events = live.messages
        .filter((m) => m.topic === topic && m.data)
        .map((m) => ({ status: (m.data as { status: string }).status, timestamp: (m.data as { timestamp: string }).timestamp }));
      expect(events).toEqual([...sent, last]);
    }
    expect(cluster.nodes[0]!.ocpp.localStations()).toContain(id);
    await station.close();
    for (const live of sockets) live.ws.close();
  });

  // Last in this file: node C stays down afterwards.
  it('node C dies abruptly while holding a station in a transaction and running a command: the station goes on at node A, nothing it had acknowledged is lost or doubled, and the job closes the command as interrupted', async () => {
    // Arrange: a transaction on node C with three acknowledged meter values.
    const id = `KILL-${suffix}`;
    const idTag = `K${suffix}`.slice(0, 20);
    const pk = await aStation(cluster, { id, tenant: 'move' });
    await aTag(cluster, { idTag, tenant: 'move' });
    const onC = await bootedStation(cluster.urls[2]!, id);
    const t0 = Date.now() - 600_000;
    const start = { connectorId: 1, idTag, meterStart: 1000, timestamp: new Date(t0).toISOString() };
    const { transactionId } = (await onC.call('StartTransaction', start)) as { transactionId: number };
    for (let minute = 1; minute <= 3; minute++) {
      await onC.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: new Date(t0 + minute * 60_000).toISOString(),
            sampledValue: [{ value: String(1000 + minute * 500), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
          },
        ],
      });
    }
    // ...and a command node C runs, waiting for a station on node A that never answers.
    const silentId = `KILL-SILENT-${suffix}`;
    await aStation(cluster, { id: silentId, tenant: 'move' });
    const silent = await bootedStation(cluster.urls[0]!, silentId);
    let received!: () => void;
    const commandArrived = new Promise<void>((r) => (received = r));
    silent.handle('ClearCache', () => {
      received();
      return new Promise(() => undefined);
    });
    const admin = await loginAs(cluster.nodes[2]!, demo.admin);
    const command = await cluster.nodes[2]!.inject({
      method: 'POST',
      url: '/api/operations/v1.6/clear_cache/',
      headers: bearer(admin),
      payload: { chargePointSelectList: [silentId] },
    });
    expect(command.statusCode).toBe(200);
    const taskPk: number = command.json().taskId;
    await commandArrived;
    const operationsOnA = cluster.nodes[0]!.services.get('operations');
    // While node C lives, the job leaves its task alone.
    expect(await operationsOnA.closeInterrupted()).not.toContain(taskPk);
    const closedOnC = new Promise<{ code: number }>((r) => onC.once('close', r as never));

    // Act
    cluster.crash(2);
    const { code } = await closedOnC;
    const onA = stationClient(cluster.urls[0]!, id);
    await onA.connect();
    await onA.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    // A charger unsure whether its start got through sends it again; the answer must be the same transaction.
    const again = (await onA.call('StartTransaction', start)) as { transactionId: number };
    await onA.call('StopTransaction', {
      transactionId,
      meterStop: 3000,
      timestamp: new Date(t0 + 240_000).toISOString(),
      reason: 'EVDisconnected',
    });
    const openRightAfter = await cluster.db
      .selectFrom('operation_tasks')
      .select('end_timestamp')
      .where('task_pk', '=', taskPk)
      .executeTakeFirstOrThrow();
    // The job on a surviving node, run as it will be once the dead node's heartbeat has been silent for TASK_STALE_MS.
    const closedByJob = await operationsOnA.closeInterrupted(new Date(Date.now() + TASK_STALE_MS + 1000));

    // Assert
    expect(code).toBe(1006);
    expect(again.transactionId).toBe(transactionId);
    const transactions = await cluster.db
      .selectFrom('transactions')
      .select(['transaction_pk', 'start_value_wh', 'stop_value_wh', 'stop_reason'])
      .where('charge_box_pk', '=', pk)
      .execute();
    expect(transactions).toEqual([
      { transaction_pk: transactionId, start_value_wh: 1000, stop_value_wh: 3000, stop_reason: 'EVDisconnected' },
    ]);
    const samples = await cluster.db
      .selectFrom('meter_values')
      .select('value')
      .where('transaction_pk', '=', transactionId)
      .orderBy('value_timestamp')
      .execute();
    expect(samples.map((s) => Number(s.value))).toEqual([1500, 2000, 2500]);
    expect(cluster.nodes[0]!.ocpp.localStations()).toContain(id);
    expect(openRightAfter.end_timestamp).toBeNull();
    expect(closedByJob).toContain(taskPk);
    const task = await cluster.db
      .selectFrom('operation_tasks')
      .select(['interrupted', 'end_timestamp'])
      .where('task_pk', '=', taskPk)
      .executeTakeFirstOrThrow();
    expect(task.interrupted).toBe(true);
    const result = await cluster.db
      .selectFrom('operation_task_results')
      .select(['status', 'error_code'])
      .where('task_pk', '=', taskPk)
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ status: 'interrupted', error_code: 'INTERRUPTED' });
    await onA.close();
    await silent.close({ force: true });
  });
});
