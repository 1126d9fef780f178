// The server's test files and which of them the PostgreSQL pass runs: those whose first line is
// `// @postgres <kinds>: <why>` (docs/decisions.md, "The PostgreSQL pass"). Shared by
// scripts/test-postgres.mjs and the test that checks the markers (apps/server/test/postgres-pass.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What can make a file behave differently on PostgreSQL than on the embedded database. */
export const postgresKinds = {
  concurrency: 'requests or transactions at once: PGlite has one connection, so they cannot race there',
  'write-pool': "the OCPP write batcher's own pool and lanes beside the main pool (PGlite: one connection)",
  cursor: 'rows streamed through a server-side cursor (pg-cursor)',
  cluster: 'several nodes on one database (leases, advisory locks, NATS)',
  planner: 'plans, settings and indexes PostgreSQL has and PGlite lacks (pg_trgm, jit, parallel workers, EXPLAIN)',
  'driver-types': "values whose shape depends on the driver's encoding (arrays, bytea, errors and SQLSTATEs)",
  schema: 'the schema and migrations themselves',
};

const markerPattern = /^\/\/ @postgres ([a-z-]+(?:, [a-z-]+)*): (.+)$/;

/** Every file of the server project (vitest.config.ts: apps/server and packages), repository-relative. */
export function serverTestFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) found.push(relative(repoRoot, path));
    }
  };
  walk(join(repoRoot, 'apps/server'));
  walk(join(repoRoot, 'packages'));
  return found.sort();
}

/**
 * The marker of one file: `{ kinds, why }`, null when the file has none, or `{ error }` when its
 * first line names the pass but not in the expected form or with a kind not listed above.
 */
export function postgresMarker(file) {
  const first = readFileSync(join(repoRoot, file), 'utf8').split('\n', 1)[0] ?? '';
  if (!first.includes('@postgres')) return null;
  const match = markerPattern.exec(first);
  if (!match) return { error: `${file}: the first line should read "// @postgres <kinds>: <why>"` };
  const kinds = match[1].split(', ');
  const unknown = kinds.filter((k) => !(k in postgresKinds));
  if (unknown.length) return { error: `${file}: unknown kind ${unknown.join(', ')} (known: ${Object.keys(postgresKinds).join(', ')})` };
  return { kinds, why: match[2] };
}
