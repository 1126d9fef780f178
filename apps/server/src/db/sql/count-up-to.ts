import type { SelectQueryBuilder } from 'kysely';
import type { DB, Executor } from '../db';

/**
 * The number of rows a filtered query matches, counting no further than `cap` + 1: a search over
 * a million rows that matches a hundred thousand is answered "more than `cap`" without reading them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countUpTo(db: Executor, matches: SelectQueryBuilder<DB, any, any>, cap: number): Promise<number> {
  const row = await db
    .selectFrom(matches.limit(cap + 1).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
