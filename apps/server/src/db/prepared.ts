import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import pg from 'pg';
import type { Executor } from './db';

/**
 * Prepared statements for the hot paths (billing a stop, the OCPP write path): PostgreSQL plans a
 * many-table join in about as long as it runs it, and Kysely sends every statement unnamed, so
 * each execution is planned again. A statement run through `preparedRows` is sent with a name on
 * PostgreSQL: each connection parses and plans it once and then only binds and executes it. PGlite
 * runs it as any other statement.
 *
 * Only statements whose SQL text does not depend on the data belong here (no `in (…)` lists of
 * varying length) and only with named columns, not `select *`: a prepared `select *` fails once a
 * migration run by another node adds a column. The registry is bounded; past it, statements run
 * unnamed as before.
 */
const names = new Map<string, string>();
const MAX_STATEMENTS = 256;

export function preparedName(text: string): string | undefined {
  return names.get(text);
}

function register(compiled: CompiledQuery): void {
  if (!names.has(compiled.sql) && names.size < MAX_STATEMENTS) names.set(compiled.sql, `recarga_p${names.size}`);
}

/** Runs the query as a prepared statement (see above) and answers its rows. */
export async function preparedRows<O>(db: Executor, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  register(compiled);
  return (await db.executeQuery(compiled)).rows;
}

/** The same for a raw `sql` statement. */
export async function preparedRawRows<O>(db: Executor, query: RawBuilder<O>): Promise<O[]> {
  const compiled = query.compile(db);
  register(compiled);
  return (await db.executeQuery(compiled)).rows;
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A `pg` client that names the registered statements (the pool's `Client`): Kysely calls
 * `query(text, values)`; a registered text goes out as `{ name, text, values }`, which `pg` parses
 * once per connection.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection the server drops while it is checked out (a database restart, a failover, a
    // terminated backend) emits 'error'; pg-pool listens only while the client is idle, and an
    // unheard 'error' ends the process. The query in flight fails with the same error, and the pool
    // discards the client on release (it is no longer queryable), so nothing else is needed here.
    this.on('error', () => undefined);
  }
}
const plainQuery = pg.Client.prototype.query as unknown as QueryFn;
(PreparingClient.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, config, values, callback) {
  if (typeof config === 'string' && Array.isArray(values)) {
    const name = names.get(config);
    if (name) return plainQuery.call(this, { name, text: config, values }, callback);
  }
  return plainQuery.call(this, config, values, callback);
};
