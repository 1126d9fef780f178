import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { InProcessBus, type Bus } from '../../src/platform/bus';
import { NatsBus } from '../../src/platform/nats-bus';
import { createTestDatabase, type TestDatabase } from './test-app';

export interface TestCluster {
  /** The nodes, each listening on its own loopback port, with node ids node-0, node-1, … */
  nodes: Awaited<ReturnType<typeof buildApp>>[];
  /** Base http URL of each node. */
  urls: string[];
  /** The one in-process bus the nodes share, or the first node's NATS connection. */
  bus: Bus;
  db: TestDatabase['database']['db'];
  close(): Promise<void>;
}

/**
 * N nodes on one fresh database and one bus, as behind a load balancer (demo data seeded): an
 * in-process bus, or with `natsUrl` a NATS connection of each node's own, as in production.
 */
export async function createTestCluster(n = 2, opts: { natsUrl?: string; env?: Record<string, string> } = {}): Promise<TestCluster> {
  const database: TestDatabase = await createTestDatabase();
  const shared = opts.natsUrl ? null : new InProcessBus();
  const buses: Bus[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-nodes-'));
  const config = loadConfig({
    CAPTCHA_PROVIDER: 'none',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    SIMULATOR_STATIONS: '0',
    ...opts.env,
  });
  const nodes: TestCluster['nodes'] = [];
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const bus = shared ?? (await NatsBus.connect(opts.natsUrl!, `node-${i}`));
    buses.push(bus);
    const node = await buildApp({ config: { ...config, nodeId: `node-${i}` }, database: database.database, bus, logger: false });
    await node.listen({ port: 0, host: '127.0.0.1' });
    nodes.push(node);
    urls.push(`http://127.0.0.1:${(node.server.address() as { port: number }).port}`);
  }
  return {
    nodes,
    urls,
    bus: buses[0]!,
    db: database.database.db,
    async close() {
      for (const node of nodes) await node.close();
      for (const bus of new Set(buses)) await bus.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
