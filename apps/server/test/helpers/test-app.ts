import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RecargaApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seedDemo } from '../../src/db/seed/demo';
import { InProcessBus, type Bus } from '../../src/platform/bus';
import type { Captcha } from '../../src/platform/captcha/captcha';
import type { Mailer, MailMessage } from '../../src/platform/mail/mailer';
import type { Platform } from '../../src/platform/platform';

/** Collects mail instead of sending it. */
class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
}

export interface TestDatabase {
  database: Database;
  /** Drops the database (PostgreSQL) or closes the embedded one. */
  dispose(): Promise<void>;
}

const require = createRequire(import.meta.url);
const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');
const migrateSource = path.resolve(import.meta.dirname, '../../src/db/migrate.ts');
const imageDir = path.join(os.tmpdir(), 'recarga-test-pglite');

/**
 * The name every cached migrated database carries: a hash of the migrations and of the code that
 * applies them (plus the cache's own `salt`), so a changed migration makes a new one.
 */
function migrationsHash(salt: string): string {
  const hash = createHash('sha256').update(salt);
  for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  hash.update(fs.readFileSync(migrateSource));
  return hash.digest('hex').slice(0, 24);
}

/**
 * A migrated, empty embedded database, saved once and loaded by every test file after: creating
 * one (initdb) and migrating it cost seconds per file, loading the saved one a fraction. The file
 * is named by a hash of PGlite's version and every migration, so a changed migration makes a new
 * one; two workers making it at once each write their own file and rename it into place.
 */
function pgliteVersion(): string {
  for (let dir = path.dirname(require.resolve('@electric-sql/pglite')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite') return String(pkg.version);
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

async function migratedImage(): Promise<Blob> {
  const file = path.join(imageDir, `${migrationsHash(pgliteVersion())}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openPglite();
  await migrate(database);
  const image = await database.image();
  await database.close();
  fs.mkdirSync(imageDir, { recursive: true });
  for (const old of fs.readdirSync(imageDir)) if (old.endsWith('.tar')) fs.rmSync(path.join(imageDir, old), { force: true });
  const partial = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
  return image;
}

const templatePrefix = 'recarga_tpl_';
let postgresTemplate: Promise<string> | undefined;

/**
 * The PostgreSQL twin of the embedded image: a migrated, empty database on the test server, kept
 * there as a template that each test file's database is copied from (CREATE DATABASE … TEMPLATE),
 * instead of running every migration again per file. Named by the migrations' hash; the first
 * worker to need it builds it under a lock, under another name, and renames it when it is whole,
 * so no file ever copies a half-migrated one. Templates of other migrations are dropped.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${templatePrefix}${migrationsHash('postgres')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [templatePrefix]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const database = await openPostgres(url.toString(), 1);
        try {
          await migrate(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        const stale = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'recarga\\_tpl\\_%' and datname <> $1",
          [name],
        );
        // Without force: a template another checkout's run is copying right now stays (and goes next time).
        for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [templatePrefix]).catch(() => undefined);
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/**
 * A fresh, migrated database: embedded PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again by dispose()).
 */
export async function createTestDatabase(opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dispose: () => Promise<void>;
  if (adminUrl) {
    const name = `recarga_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${await migratedTemplate(adminUrl)}`);
    } catch (error) {
      // 3D000: the template went (another checkout's run with other migrations dropped it): build it again.
      if ((error as { code?: string }).code !== '3D000') throw error;
      postgresTemplate = undefined;
      await admin.query(`create database ${name} template ${await migratedTemplate(adminUrl)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 5);
    dispose = async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    database = await openPglite(undefined, { image: await migratedImage() });
    dispose = () => database.close();
  }
  await migrate(database);
  if (opts.seed !== false) await seedDemo(database.db);
  return { database, dispose };
}

export interface TestApp {
  app: RecargaApp;
  db: Database['db'];
  database: Database;
  platform: Platform;
  config: Config;
  bus: Bus;
  mailer: MemoryMailer;
  /** Starts listening on a free loopback port; returns the base http URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  captcha?: Captcha;
  /** Reuse an existing database (e.g. to simulate a restart); it is not disposed by close(). */
  database?: Database;
  seed?: boolean;
}

/** Builds the whole app on a fresh database with the demo data (captcha off unless overridden). */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-test-'));
  const config = loadConfig({
    CAPTCHA_PROVIDER: 'none',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIMULATOR_STATIONS: '0',
    DEMO: 'false',
    ...opts.env,
  });
  const owned = opts.database ? null : await createTestDatabase({ seed: opts.seed });
  const database = opts.database ?? owned!.database;
  const bus = new InProcessBus();
  const mailer = new MemoryMailer();
  const app = await buildApp({ config, database, bus, mailer, captcha: opts.captcha, logger: false });
  return {
    app,
    db: database.db,
    database,
    platform: app.platform,
    config,
    bus,
    mailer,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      if (!addr || typeof addr === 'string') throw new Error('no address');
      return `http://127.0.0.1:${addr.port}`;
    },
    async close() {
      await app.close();
      await bus.close();
      if (owned) await owned.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const demo = {
  admin: { email: 'admin@recarga.app', password: 'Recarga@2026' },
  operator: { email: 'operador@sol.com.br', password: 'Operador@2026' },
  owner: { email: 'dono@move.com.br', password: 'Dono@2026' },
  terpel: { email: 'operador@terpel.co', password: 'Terpel@2026' },
  driver: { email: 'motorista@move.com.br', password: 'Motorista@2026' },
} as const;

/** Signs in through the real login call and returns the bearer token. */
export async function loginAs(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { ...who, recaptchaResponse: '' } });
  if (res.statusCode !== 200) throw new Error(`login ${who.email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
