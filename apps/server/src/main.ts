import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/demo';
import { InProcessBus, type Bus } from './platform/bus';
import { BusUnreachableError, NatsBus } from './platform/nats-bus';
import { startDemoFleet } from './demo-fleet';
import { seedDemoHistory } from './demo-history';
import { demoSmartCharging, seedDemoSmartCharging } from './db/seed/demo-smart-charging';

/** How long a shutdown waits for the work under way (a process manager's own grace is often 30 s). */
const SHUTDOWN_GRACE_MS = 25_000;

/** Connections the kernel may queue before they are accepted (see the listen call). */
const LISTEN_BACKLOG = 16_384;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // A cluster's nodes talk through NATS; a single node keeps its messages in process.
  let bus: Bus;
  try {
    bus = config.natsUrl ? await NatsBus.connect(config.natsUrl, config.nodeId) : new InProcessBus();
  } catch (err) {
    if (err instanceof BusUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const logins = config.demo ? await seedDemo(database.db) : [];
  if (config.demo && config.simulatorStations > 0) await seedDemoSmartCharging(database.db);
  const app = await buildApp({ config, database, bus });
  if (config.demoHistory) {
    // The demo's past 90 days, through the billing modules (once; a few seconds on the first start).
    const history = await seedDemoHistory(database.db, app.services);
    if (history) app.log.info(history, 'demo history loaded');
  }

  let fleet: { stop(): Promise<void> } | undefined;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // What is under way is finished (stations' messages committed and answered, jobs' runs) for up
    // to SHUTDOWN_GRACE_MS; past it the node leaves the rest: a station resends what was not answered.
    const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SHUTDOWN_GRACE_MS).unref());
    const closed = (async () => {
      await fleet?.stop();
      await app.close();
      await bus.close();
      await database.close();
      return 'closed' as const;
    })();
    try {
      if ((await Promise.race([closed, deadline])) === 'late') {
        app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown: work still under way at the end of the grace period; leaving it');
        process.exit(1);
      }
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A node restart brings every station back within a second or two: Node's default queue of 511
  // unaccepted connections overflows and the kernel drops the rest, which then wait for their TCP
  // retry and their own backoff (tens of seconds). Ask for a deep queue; the kernel caps it at
  // net.core.somaxconn (4096 on current kernels).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `${config.tls ? 'https' : 'http'}://localhost:${port}`;
  const lines = [`Recarga listening on ${url} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`];
  for (const l of logins) lines.push(`login: ${l.email} password: ${l.password} (${l.role})`);
  console.log(lines.join('\n'));
  if (config.demo && config.simulatorStations > 0) {
    // The smart-charging group's building meter posts to this node with a token issued for this start.
    const token = await app.services.get('meters').renewDeviceToken(demoSmartCharging.meter.deviceRemoteId);
    const meter = token ? { server: `${config.tls ? 'https' : 'http'}://127.0.0.1:${port}`, token } : undefined;
    fleet = await startDemoFleet(`${config.tls ? 'wss' : 'ws'}://127.0.0.1:${port}/ocpp`, config.simulatorStations, app.log, meter);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
