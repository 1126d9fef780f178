import { sql } from 'kysely';
import type { Executor } from '../db';

/**
 * The instant the calendar month of `at` began in a time zone (validated by the caller). `at` comes
 * from the application's clock, not the database's `now()`, so a test that freezes the clock decides
 * which month "this month" is.
 */
export async function monthStart(db: Executor, timeZone: string, at: Date = new Date()): Promise<Date> {
  const row = await sql<{ m: Date }>`select date_trunc('month', ${at}::timestamptz, ${timeZone}) as m`.execute(db);
  return new Date(row.rows[0]!.m);
}
