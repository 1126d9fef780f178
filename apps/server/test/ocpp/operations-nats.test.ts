// @postgres cluster: a command issued on one node to a station held by another, over NATS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aStation } from '../helpers/station-builders';
import { bearer, demo, loginAs } from '../helpers/test-app';
import { createTestCluster, type TestCluster } from '../helpers/test-cluster';
import { bootedStation, eventually, stationClient } from './ocpp-helpers';

/** Runs against a real NATS server when TEST_NATS_URL is set (CI: nats://127.0.0.1:4222). */
const natsUrl = process.env.TEST_NATS_URL;

interface TaskRow {
  taskId: number;
  endTimestamp: string | null;
  interrupted: boolean;
  taskDetail: { resultMap: Record<string, { status: string; response: string | null; errorCode: string | null }> };
}

/** Two nodes, each with its own NATS connection, on one database: a command crosses from one to the other. */
describe.skipIf(!natsUrl)('remote operations on two nodes over NATS', () => {
  let cluster: TestCluster;
  let tokenB: string;
  // Station ids unique to the run: other runs on the same NATS server must not answer for them.
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

  const taskOn = (node: number, token: string, taskId: number) =>
    eventually(async () => {
      const res = await cluster.nodes[node]!.inject({ method: 'GET', url: '/api/operations/tasks/?size=50', headers: bearer(token) });
      const task = (res.json().tasks as TaskRow[]).find((x) => x.taskId === taskId);
      return task?.endTimestamp ? task : undefined;
    }, 10_000);

  beforeAll(async () => {
    cluster = await createTestCluster(2, { natsUrl, env: { OCPP_COMMAND_TIMEOUT: '30' } });
    tokenB = await loginAs(cluster.nodes[1]!, demo.admin);
  });
  afterAll(() => cluster.close());

  it('a command issued on node B to a station held by node A is answered and recorded, and node A lists the task too', async () => {
    const id = `OPS-NATS-${suffix}`;
    await aStation(cluster, { id, tenant: 'move' });
    const station = await bootedStation(cluster.urls[0]!, id);
    const got: unknown[] = [];
    station.handle('ChangeConfiguration', async ({ params }) => {
      got.push(params);
      return { status: 'RebootRequired' };
    });
    await eventually(() => (cluster.nodes[0]!.ocpp.localStations().includes(id) ? true : undefined));

    const res = await cluster.nodes[1]!.inject({
      method: 'POST',
      url: '/api/operations/v1.6/change_configuration/',
      headers: bearer(tokenB),
      payload: { chargePointSelectList: [id], keyType: 'CUSTOM', customConfKey: 'VendorKey', value: 'on' },
    });

    expect(res.statusCode).toBe(200);
    const task = await taskOn(0, await loginAs(cluster.nodes[0]!, demo.admin), res.json().taskId);
    expect(task.taskDetail.resultMap[id]).toMatchObject({ status: 'answered', response: 'RebootRequired', errorCode: null });
    expect(got).toEqual([{ key: 'VendorKey', value: 'on' }]);
    expect(cluster.nodes[1]!.ocpp.localStations()).not.toContain(id);
    await station.close();
  });

  it('node B stops while its command waits for a silent station: the task is closed as interrupted, not left running', async () => {
    const id = `OPS-NATS-SILENT-${suffix}`;
    await aStation(cluster, { id, tenant: 'move' });
    const station = await bootedStation(cluster.urls[0]!, id);
    station.handle('ClearCache', () => new Promise(() => undefined));
    await eventually(() => (cluster.nodes[0]!.ocpp.localStations().includes(id) ? true : undefined));
    const res = await cluster.nodes[1]!.inject({
      method: 'POST',
      url: '/api/operations/v1.6/clear_cache/',
      headers: bearer(tokenB),
      payload: { chargePointSelectList: [id] },
    });
    expect(res.statusCode).toBe(200);

    await cluster.nodes[1]!.close();

    const task = await taskOn(0, await loginAs(cluster.nodes[0]!, demo.admin), res.json().taskId);
    expect(task.interrupted).toBe(true);
    expect(task.taskDetail.resultMap[id]).toMatchObject({ status: 'interrupted', errorCode: 'INTERRUPTED' });
    await station.close({ force: true });
  });

  it('five sockets of one station opened at once on node A, over NATS: one stays connected and answering, the four others are closed as replaced', async () => {
    const id = `BURST-NATS-${suffix}`;
    await aStation(cluster, { id, tenant: 'move' });
    const clients = Array.from({ length: 5 }, () => stationClient(cluster.urls[0]!, id));
    const closed = new Map<number, number>();
    clients.forEach((c, i) => c.on('close', ({ code }: { code: number }) => closed.set(i, code)));
    await Promise.allSettled(clients.map((c) => c.connect()));
    await eventually(() => closed.size >= 4, 10_000);
    // Node A's own notices come back from NATS after the newer sockets are in place; they used to close every one.
    const survivor = clients.find((_, i) => !closed.has(i));
    expect(survivor, 'a socket stays open').toBeDefined();
    expect(await survivor!.call('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
    expect([...closed.values()]).toEqual([1000, 1000, 1000, 1000]);
    expect(cluster.nodes[0]!.ocpp.localStations()).toContain(id);
    await survivor!.close();
  });
});
