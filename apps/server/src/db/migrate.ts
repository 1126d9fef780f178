import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

const dir = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_001;

/**
 * Applies pending `migrations/NNNN_name.sql` files in order, each in its own transaction, under a
 * PostgreSQL advisory lock so that several nodes starting together migrate once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return database.scriptSession(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await exec('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())');
      const done = new Set((await exec('select version from schema_migrations')).map((r) => String(r.version)));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const body = fs.readFileSync(path.join(dir, file), 'utf8');
        try {
          await exec(`begin;\n${body}\n;\ninsert into schema_migrations (version) values ('${file}');\ncommit;`);
        } catch (err) {
          await exec('rollback').catch(() => undefined);
          throw new Error(`migration ${file} failed: ${(err as Error).message}`);
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
