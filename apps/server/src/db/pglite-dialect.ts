import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex';

/**
 * Kysely dialect for PGlite. PGlite has a single connection, so the driver hands it out to one
 * holder at a time: a transaction keeps the connection (and the lock) from BEGIN to COMMIT or
 * ROLLBACK, which serialises transactions and keeps other queries out of them.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly mutex: Mutex,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.mutex);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;
  constructor(
    pglite: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // One physical connection: a per-acquisition wrapper lets release be matched to its lock.
    const handle = this.connection.handle();
    this.releases.set(handle, release);
    return handle;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${iso}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection) {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }
  async destroy() {}
}

class PGliteConnection {
  constructor(private readonly pglite: PGlite) {}
  handle(): DatabaseConnection {
    const pglite = this.pglite;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const res = await pglite.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
        return { rows: res.rows, numAffectedRows: res.affectedRows === undefined ? undefined : BigInt(res.affectedRows) };
      },
      async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
        // A cursor inside its own transaction streams in chunks without materialising the result.
        const name = `kysely_cursor_${Math.random().toString(36).slice(2)}`;
        await pglite.query('begin');
        let committed = false;
        try {
          await pglite.query(`declare ${name} no scroll cursor for ${query.sql}`, query.parameters as unknown[]);
          for (;;) {
            const res = await pglite.query<R>(`fetch ${chunkSize} from ${name}`, [], { rowMode: 'object' });
            if (res.rows.length === 0) break;
            yield { rows: res.rows };
            if (res.rows.length < chunkSize) break;
          }
          await pglite.query('commit');
          committed = true;
        } finally {
          // Reached on errors and when the consumer stops early.
          if (!committed) await pglite.query('rollback');
        }
      },
    };
  }
}
