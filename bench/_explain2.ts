import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database';
import * as repo from '../apps/server/src/modules/transactions/repository';
const database = await openPostgres(process.env.DATABASE_URL!, 2);
const db = database.db;
const tenants = (await db.selectFrom('tenants').select('tenant_pk').where('alias', 'in', ['sol', 'move']).execute()).map((r) => r.tenant_pk);
const scope = { tenantPk: tenants[0]!, path: '', tenantPks: tenants };
const now = Date.now();
const f = { from: new Date(now - 30 * 86400_000), to: new Date(now), revenue: 'PAID' } as repo.TransactionFilters;
const q = db.selectFrom(repo.filtered(db, scope, f).select(sql<number>`1`.as('x')).limit(10000).as('c')).select((eb) => eb.fn.countAll<number>().as('n'));
const c = q.compile();
const text = c.sql.replace(/\$(\d+)/g, (_, i) => { const v = c.parameters[Number(i) - 1]; return v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v}'` : String(v); });
await db.transaction().execute(async (trx) => {
  await sql`set local jit = off`.execute(trx);
  const r = await sql.raw(`explain (analyze) ${text}`).execute(trx);
  console.log((r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
});
await database.close();
