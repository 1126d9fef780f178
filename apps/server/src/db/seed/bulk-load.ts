import { sql, type Transaction } from 'kysely';
import type { DB } from '../db';

/**
 * Runs a bulk load (the demo's history) with the row triggers off and rebuilds what they keep
 * afterwards, in the caller's transaction: the dashboard's roll-ups (`stats_rollups_rebuild`, with
 * the user counts) and the ledger's (`financial_daily_rebuild`) — the bulk-load rule of
 * docs/decisions.md ("The roll-ups can be rebuilt"). Row by row, the triggers cost a few seconds
 * for the 90 days of the demo; the rebuilds, a fraction of one. What the other triggers do is the
 * loader's to do: a movement's station (`financial_movements_fill`) is given with it, and a
 * recharge priced at once needs no billing queue entry (`billing_enqueue_stopped`). Turning
 * triggers off takes a superuser (the embedded database's role); without one, the load runs with
 * them on.
 */
export async function withTriggersOffAndRollupsRebuilt<T>(trx: Transaction<DB>, load: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(trx);
  if (!rows[0]?.rolsuper) return load();
  await sql`set local session_replication_role = replica`.execute(trx);
  const result = await load();
  await sql`set local session_replication_role = origin`.execute(trx);
  await sql`select stats_rollups_rebuild()`.execute(trx);
  await sql`select financial_daily_rebuild()`.execute(trx);
  return result;
}
