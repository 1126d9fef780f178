import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { BusNoResponderError, InProcessBus, type Bus } from '../../src/platform/bus';
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
  /**
   * Node i dies the way a killed process does (kill -9): its sockets are cut without a close frame,
   * it answers nothing more on the bus, and nothing it would still write reaches the database (no
   * Disconnected events, no task closed, no lease given up, no heartbeat). Its timers may still
   * fire in this process; whatever they try fails. close() afterwards only stops what is left.
   */
  crash(i: number): void;
  close(): Promise<void>;
}

/** Fails every query of one node once it is down; queries already sent finish, as on a real server. */
class DownSwitch implements KyselyPlugin {
  down = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.down) throw new Error('this node is down');
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** One node's side of the bus: when the node goes down its subscriptions and responders vanish and it sends nothing. */
class NodeBus implements Bus {
  private readonly removers = new Set<() => void>();
  private down = false;

  constructor(private readonly inner: Bus) {}

  publish(subject: string, data: unknown): void {
    if (!this.down) this.inner.publish(subject, data);
  }

  subscribe(subject: string, handler: (data: unknown, subject: string) => void): () => void {
    return this.kept(this.down ? () => undefined : this.inner.subscribe(subject, handler));
  }

  respond(subject: string, handler: (data: unknown) => Promise<unknown>): () => void {
    return this.kept(this.down ? () => undefined : this.inner.respond(subject, handler));
  }

  async request(subject: string, data: unknown, timeoutMs: number): Promise<unknown> {
    if (this.down) throw new BusNoResponderError(subject);
    return this.inner.request(subject, data, timeoutMs);
  }

  /** The connection itself belongs to the cluster (closed by its close()). */
  async close(): Promise<void> {}

  cut() {
    this.down = true;
    for (const remove of this.removers) remove();
    this.removers.clear();
  }

  private kept(remove: () => void): () => void {
    this.removers.add(remove);
    return () => {
      this.removers.delete(remove);
      remove();
    };
  }
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
  const crashes: (() => void)[] = [];
  const crashed = new Set<number>();
  for (let i = 0; i < n; i++) {
    const connection = shared ?? (await NatsBus.connect(opts.natsUrl!, `node-${i}`));
    buses.push(connection);
    const bus = new NodeBus(connection);
    const switch_ = new DownSwitch();
    const own: Database = {
      ...database.database,
      db: database.database.db.withPlugin(switch_),
      ingest: database.database.ingest.withPlugin(switch_),
    };
    const node = await buildApp({ config: { ...config, nodeId: `node-${i}` }, database: own, bus, logger: false });
    const sockets = new Set<Socket>();
    node.server.on('connection', (socket: Socket) => {
      // A dead node's port takes no connection (closing the listener would trouble the later close()).
      if (switch_.down) return socket.destroy();
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await node.listen({ port: 0, host: '127.0.0.1' });
    nodes.push(node);
    urls.push(`http://127.0.0.1:${(node.server.address() as { port: number }).port}`);
    crashes.push(() => {
      switch_.down = true;
      bus.cut();
      for (const socket of sockets) socket.destroy();
    });
  }
  return {
    nodes,
    urls,
    bus: buses[0]!,
    db: database.database.db,
    crash(i: number) {
      crashed.add(i);
      crashes[i]!();
    },
    async close() {
      for (const [i, node] of nodes.entries()) {
        if (crashed.has(i)) await node.close().catch(() => undefined);
        else await node.close();
      }
      for (const bus of new Set(buses)) await bus.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
