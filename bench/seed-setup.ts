/**
 * What the seed scripts share: `--count` (with its default) and `--remove`, DATABASE_URL, the
 * database migrated with the demo data, and a step logger with the elapsed time.
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed/demo';

export async function openSeedDatabase(defaultCount: number) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: String(defaultCount) },
      remove: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    process.stderr.write('DATABASE_URL must be set to a postgres:// URL\n');
    process.exit(2);
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 20_000_000) {
    process.stderr.write('--count must be an integer between 1 and 20000000\n');
    process.exit(2);
  }
  const database = await openPostgres(url, 2);
  const started = Date.now();
  const step = (label: string) => process.stdout.write(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  await migrate(database);
  await seedDemo(database.db);
  step('migrated, demo data present');
  return { database, count, remove: values.remove, step };
}
