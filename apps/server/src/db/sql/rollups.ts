import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db';

/**
 * How a period is read with the roll-ups of 0007_stats_rollups.sql (docs/decisions.md, "Roll-ups
 * for long periods"). The roll-ups hold *settled* recharges per tenant and UTC hour, priced
 * recharges per tenant, UTC hour and currency, and the UTC days each user charged at each tenant.
 * A period [from, to) is split into the whole hours (or days) it contains, read from a roll-up,
 * and the partial hours (days) at its edges, read from the rows; recharges that are not settled
 * (running, or stopped without meter stop) are always read from the rows.
 */

export interface Span {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Distinct users are read from stats_user_days only for periods longer than this: that table is
 * read for every user of the scope, a short period's recharges are fewer.
 */
export const USERS_ROLLUP_MIN_DAYS = 31;

export interface Split {
  /** Whole units inside the period (UTC hours or days), or null when there is none. */
  whole: Span | null;
  /** The rest of the period, read from the rows. */
  edges: Span[];
}

/** Splits [from, to) at whole `unitMs` boundaries counted from 1970-01-01T00:00Z (UTC hours, UTC days). */
export function splitPeriod(p: Span, unitMs: number): Split {
  const from = p.from.getTime();
  const to = p.to.getTime();
  const wf = Math.ceil(from / unitMs) * unitMs;
  const wt = Math.floor(to / unitMs) * unitMs;
  if (!(wf < wt)) return { whole: null, edges: to > from ? [p] : [] };
  const edges: Span[] = [];
  if (from < wf) edges.push({ from: p.from, to: new Date(wf) });
  if (wt < to) edges.push({ from: new Date(wt), to: p.to });
  return { whole: { from: new Date(wf), to: new Date(wt) }, edges };
}

/**
 * A condition that keeps a query serial (stats_serial(), parallel unsafe): the roll-up queries read
 * a few thousand rows, and starting parallel workers for them costs more than the rows.
 */
export const serialSql = sql<boolean>`stats_serial()`;

/** Recharges not in stats_hourly (alias `t`); the same predicate as the partial index transactions_stats_live_idx. */
const notRolledUpSql = (alias = 't'): RawBuilder<boolean> => {
  const ref = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<boolean>`(${ref('stop_timestamp')} is null or (${ref('energy_wh')} is null and ${ref('stop_value_wh')} is null))`;
};

const inSpan = (alias: string, s: Span) =>
  sql`${sql.ref(`${alias}.start_timestamp`)} >= ${s.from} and ${sql.ref(`${alias}.start_timestamp`)} < ${s.to}`;

/**
 * The recharges (alias `t`) a roll-up read over `split.whole` does not cover: every recharge of
 * the edges and the recharges of the whole part that are not rolled up. One `select` per part,
 * glued with `union all`, so that each is a plain range scan of an index.
 */
export function rowsOutsideRollup(
  columns: RawBuilder<unknown>,
  scope: RawBuilder<boolean>,
  split: Split,
  extra: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const parts = split.edges.map((e) => sql`select ${columns} from transactions t where ${scope} and ${inSpan('t', e)} and ${extra}`);
  if (split.whole) {
    parts.push(
      sql`select ${columns} from transactions t where ${scope} and ${inSpan('t', split.whole)} and ${notRolledUpSql('t')} and ${extra}`,
    );
  }
  if (parts.length === 0) return sql`select ${columns} from transactions t where false`;
  return sql.join(parts, sql` union all `);
}

const jitKnown = new WeakMap<Kysely<DB>, boolean>();

/**
 * Runs a dashboard query with PostgreSQL's JIT off, in a transaction of its own: the charts' query
 * carries one meter-value sub-plan per figure of a running recharge, its estimated cost crosses
 * `jit_above_cost` and compiling it took ~2.8 s for a 30 ms query. PGlite has no such setting.
 */
export async function withoutJit<T>(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  let known = jitKnown.get(db);
  if (known === undefined) {
    const row = await sql<{ jit: string | null }>`select current_setting('jit', true) as jit`.execute(db);
    known = row.rows[0]?.jit != null;
    jitKnown.set(db, known);
  }
  if (!known) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return run(trx);
  });
}
