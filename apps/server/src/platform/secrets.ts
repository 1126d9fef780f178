import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/db';

/**
 * Returns a secret kept in the settings table, creating it on first use. Every node of a cluster
 * reads the same value, so tokens signed by one node verify on another.
 */
export async function ensureSecret(db: Kysely<DB>, key: string): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
