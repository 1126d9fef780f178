/**
 * What the HTTP benchmarks share: Recarga built in this process on a PostgreSQL database and
 * listening on a loopback port, and a dashboard user with the routes and roles a benchmark needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/platform/auth/password';
import { InProcessBus, type Bus } from '../apps/server/src/platform/bus';
import { NatsBus } from '../apps/server/src/platform/nats-bus';

/** DATABASE_URL as a postgres:// URL, or exits with a message naming the seed script to run. */
export function benchDatabaseUrl(seededBy: string): string {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    process.stderr.write(`DATABASE_URL must be set to a postgres:// URL (seeded by ${seededBy})\n`);
    process.exit(2);
  }
  return url;
}

/**
 * The app on `url`, listening on a free loopback port; `close` stops it and removes its data dir.
 * With `cluster`, it is one node of a cluster on that NATS server (its own node id): start it twice
 * for two nodes sharing the database.
 */
export async function startBenchApp(url: string, cluster?: { natsUrl: string; nodeId: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-bench-'));
  const database = await openPostgres(url, 10);
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_PROVIDER: 'none',
    SIMULATOR_STATIONS: '0',
    DEMO: 'false',
    ...(cluster ? { NATS_URL: cluster.natsUrl, NODE_ID: cluster.nodeId } : {}),
  });
  const bus: Bus = cluster ? await NatsBus.connect(cluster.natsUrl, cluster.nodeId) : new InProcessBus();
  const app = await buildApp({ config, database, bus, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const close = async () => {
    await app.close();
    await bus.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, db: database.db, base, close };
}

/**
 * Signs in as a bench user of the Sol network (which sees Sol and Move) holding exactly these
 * routes and roles, creating it on the first run; returns the bearer headers.
 */
export async function benchUserHeaders(
  bench: Awaited<ReturnType<typeof startBenchApp>>,
  user: { email: string; profile: string; routes: string[]; roles?: string[] },
): Promise<Record<string, string>> {
  const { db, base } = bench;
  const existing = await db.selectFrom('users').select('user_pk').where('email', '=', user.email).executeTakeFirst();
  if (!existing) {
    const profile = await db
      .insertInto('access_profiles')
      .values({ name: user.profile, tenant_pk: null, description: null })
      .returning('profile_pk')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('access_profile_entries')
      .values([
        ...user.routes.map((route) => ({ profile_pk: profile.profile_pk, route, role_id: null, status: true })),
        ...(user.roles ?? []).map((role_id) => ({ profile_pk: profile.profile_pk, route: null, role_id, status: true })),
      ])
      .execute();
    const sol = await db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        tenant_pk: sol.tenant_pk,
        email: user.email,
        password_hash: await hashPassword('Bench@2026'),
        first_name: 'Bench',
        last_name: user.profile,
        profile_pk: profile.profile_pk,
        role_label: 'tenant operator',
        phone: null,
        doc_type: null,
        doc_number: null,
        external_id: null,
        sex: null,
      })
      .execute();
  }
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'Bench@2026', recaptchaResponse: '' }),
  });
  const token = ((await login.json()) as { token: string }).token;
  return { authorization: `Bearer ${token}` };
}

/** The p-th percentile of sorted numbers. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A GET of the dashboard API, timed as one scenario. */
export interface GetScenario {
  name: string;
  /** Path under /api/ with its query, or an absolute path (`/gateway/…`). */
  path: string;
}

/**
 * Calls each scenario `iterations` times (after 3 warm-up calls) over real HTTP and prints a line
 * per scenario: the answer's `count` (or the length of its list), p50, p95 and max in ms.
 */
export async function runGetScenarios(base: string, headers: Record<string, string>, scenarios: GetScenario[], iterations: number) {
  process.stdout.write(
    `${'scenario'.padEnd(40)} ${'count'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}\n`,
  );
  for (const s of scenarios) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < iterations + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(s.path.startsWith('/') ? `${base}${s.path}` : `${base}/api/${s.path}`, { headers });
      const body = (await res.json()) as { count?: number } | unknown[];
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
      // The total it reports, else the length of the list it holds.
      const list = Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray);
      count = !Array.isArray(body) && typeof body.count === 'number' ? body.count : (list?.length ?? 0);
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${s.name.padEnd(40)} ${String(count).padStart(9)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}\n`,
    );
  }
}
