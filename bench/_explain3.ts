import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database';
import * as repo from '../apps/server/src/modules/transactions/repository';
const database = await openPostgres(process.env.DATABASE_URL!, 2);
const db = database.db;
const tenants = (await db.selectFrom('tenants').select('tenant_pk').where('alias', 'in', ['sol', 'move']).execute()).map((r) => r.tenant_pk);
const scope = { tenantPk: tenants[0]!, path: '', tenantPks: tenants };
const now = Date.now();
const f = { from: new Date(now - 30 * 86400_000), to: new Date(now) } as repo.TransactionFilters;
const orig = database.db.getExecutor();
// capture SQL by running with explain through a proxy: monkeypatch executeQuery
const exec: any = orig;
const origExecute = exec.executeQuery.bind(exec);
exec.executeQuery = async (compiled: any, qid: any) => {
  if (/offset/.test(compiled.sql) && /order by/.test(compiled.sql) && !/explain/.test(compiled.sql)) {
    const text = compiled.sql.replace(/\$(\d+)/g, (_: string, i: string) => { const v = compiled.parameters[Number(i) - 1]; return v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'string' ? `'${v}'` : String(v); });
    const r = await sql.raw(`explain (analyze) ${text}`).execute(db);
    console.log((r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
  }
  return origExecute(compiled, qid);
};
await repo.page(db, scope, f, [{ key: 'income', direction: 'desc' }], 0, 10);
await database.close();
