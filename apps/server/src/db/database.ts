import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { Mutex } from './mutex';
import { PGliteDialect } from './pglite-dialect';
import { PreparingClient } from './prepared';
import type { DB } from './db';

type Row = Record<string, unknown>;

export interface Database {
  db: Kysely<DB>;
  /**
   * Connections kept for the charge-point write path (the OCPP write batches), so a slow report or
   * a burst of API calls never makes a station wait for a pooled connection. PGlite: `db` itself.
   */
  ingest: Kysely<DB>;
  /** Connections of `ingest` (what the OCPP write batcher may use side by side). */
  ingestConnections: number;
  kind: 'pglite' | 'postgres';
  /**
   * Gives one dedicated session that runs multi-statement SQL scripts (migrations, advisory
   * locks); nothing else uses that connection meanwhile.
   */
  scriptSession<T>(fn: (exec: (sql: string) => Promise<Row[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * bigint and numeric come back as strings from `pg` and partly as numbers from PGlite; both are
 * normalised here to JavaScript numbers (counts, minor units and Wh stay far below 2^53).
 */
const toNumber = (v: string) => (v === null ? null : Number(v));

/** The embedded database; `image()` saves it whole (loaded again with `opts.image`). */
export async function openPglite(dataDir?: string, opts: { image?: Blob } = {}): Promise<Database & { image(): Promise<Blob> }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {}),
    // A database saved by dumpDataDir (the tests start from a migrated one instead of running initdb).
    ...(opts.image ? { loadDataDir: opts.image } : {}),
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
  });
  await pglite.waitReady;
  const mutex = new Mutex();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, mutex) });
  return {
    db,
    ingest: db,
    ingestConnections: 1,
    kind: 'pglite',
    async scriptSession(fn) {
      const release = await mutex.lock();
      try {
        return await fn(async (sql) => (await pglite.exec(sql)).at(-1)?.rows ?? []);
      } finally {
        release();
      }
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
    async image() {
      const release = await mutex.lock();
      try {
        return await pglite.dumpDataDir('none');
      } finally {
        release();
      }
    },
  };
}

/** Connections of the OCPP write path's own pool on PostgreSQL (see Database.ingest). */
const INGEST_CONNECTIONS = 2;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8 || oid === NUMERIC) return toNumber;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: types as pg.CustomTypesConfig, Client: PreparingClient });
  pool.on('error', () => {
    /* idle client errors are surfaced on the next query */
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  const ingestPool = new pg.Pool({
    connectionString: url,
    max: INGEST_CONNECTIONS,
    types: types as pg.CustomTypesConfig,
    Client: PreparingClient,
  });
  ingestPool.on('error', () => {
    /* as above */
  });
  const ingest = new Kysely<DB>({ dialect: new PostgresDialect({ pool: ingestPool }) });
  return {
    db,
    ingest,
    ingestConnections: INGEST_CONNECTIONS,
    kind: 'postgres',
    async scriptSession(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (sql) => {
          const res = (await client.query(sql)) as unknown as pg.QueryResult<Row> | pg.QueryResult<Row>[];
          return Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows;
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all([db.destroy(), ingest.destroy()]);
      // Kysely ends a pool only once it has used it: a database used through scriptSession alone
      // (migrations) kept its session open until the pool's idle timeout, 10 s later.
      await Promise.all([pool, ingestPool].filter((p) => !p.ended).map((p) => p.end()));
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
