// The server tests on a PostgreSQL server: the files marked `// @postgres` (scripts/postgres-files.mjs),
// or every file with POSTGRES_FULL=1. TEST_DATABASE_URL names the server (default: the CI machines'
// postgres://postgres@127.0.0.1:5432/test); each file creates and drops its own database there.
// Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { postgresMarker, repoRoot, serverTestFiles } from './postgres-files.mjs';

const all = serverTestFiles();
const problems = [];
const marked = all.filter((file) => {
  const marker = postgresMarker(file);
  if (marker?.error) problems.push(marker.error);
  return marker !== null;
});
if (problems.length) {
  console.error(`PostgreSQL pass: malformed markers:\n${problems.join('\n')}`);
  process.exit(1);
}
const full = process.env.POSTGRES_FULL === '1';
const files = full ? all : marked;
console.log(
  full
    ? `PostgreSQL pass: all ${all.length} server test files (POSTGRES_FULL=1)`
    : `PostgreSQL pass: the ${marked.length} of ${all.length} server test files marked @postgres (POSTGRES_FULL=1 runs all)`,
);

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2), ...files], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
});
process.exit(result.status ?? 1);
