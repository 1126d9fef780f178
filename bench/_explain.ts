import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database';
import * as repo from '../apps/server/src/modules/transactions/repository';
const database = await openPostgres(process.env.DATABASE_URL!, 2);
const db = database.db;
const tenants = (await db.selectFrom('tenants').select('tenant_pk').where('alias', 'in', ['sol', 'move']).execute()).map((r) => r.tenant_pk);
const scope = { tenantPk: tenants[0]!, path: '', tenantPks: tenants };
const now = Date.now();
const f = { from: new Date(now - 30 * 86400_000), to: new Date(now) } as repo.TransactionFilters;
const variants: [string, repo.TransactionFilters, repo.Sort[], number][] = [
  ['default 2d', { from: new Date(now - 3 * 86400_000), to: new Date(now) }, [], 0],
  ['30d p1', f, [], 0],
  ['30d p50', f, [], 490],
  ['30d paid', { ...f, revenue: 'PAID' }, [], 0],
  ['30d priceless', { ...f, revenue: 'PRICELESS' }, [], 0],
  ['30d income', f, [{ key: 'income', direction: 'desc' }], 0],
  ['30d search', { ...f, search: 'paulista' }, [], 0],
  ['364d tag', { from: new Date(now - 364 * 86400_000), to: new Date(now), idTag: '04A1B2C3D4' }, [], 0],
];
for (let round = 0; round < 2; round++)
for (const [name, filt, sort, off] of variants) {
  await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    let t0 = performance.now();
    const n = await repo.countCapped(trx, scope, filt);
    const tc = performance.now() - t0;
    t0 = performance.now();
    const rows = await repo.page(trx, scope, filt, sort, off, 10);
    console.log(`${name.padEnd(16)} count=${n} ${tc.toFixed(1)} ms, page ${rows.length} rows ${(performance.now() - t0).toFixed(1)} ms`);
  });
}
await database.close();
