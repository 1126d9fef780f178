import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresKinds, postgresMarker, repoRoot, serverTestFiles } from '../../../scripts/postgres-files.mjs';

/*
 * The PostgreSQL pass runs only the files marked `// @postgres <kinds>: <why>` on their first line
 * (docs/decisions.md, "The PostgreSQL pass"). These rules keep the marks honest where a file's own
 * text shows that it needs PostgreSQL.
 */
// This file names the marks in its own text; it is not one of the files they describe.
const files = serverTestFiles().filter((file) => !file.endsWith('test/postgres-pass.test.ts'));
const text = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const kindsOf = (file: string): string[] => {
  const marker = postgresMarker(file);
  return marker && 'kinds' in marker ? marker.kinds : [];
};

describe('the PostgreSQL pass', () => {
  it('every mark is a first line "// @postgres <kinds>: <why>" with known kinds', () => {
    const problems = files.flatMap((file) => {
      const marker = postgresMarker(file);
      if (marker && 'error' in marker) return [marker.error];
      if (!marker && text(file).includes('// @postgres')) return [`${file}: the mark is not on the first line`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('a file with tests that run on PostgreSQL only is marked: otherwise they would run nowhere', () => {
    const unmarked = files.filter((file) => text(file).includes('process.env.TEST_DATABASE_URL') && postgresMarker(file) === null);
    expect(unmarked).toEqual([]);
  });

  it('a file that starts several nodes on one database is marked cluster', () => {
    const unmarked = files.filter((file) => /\bcreateTestCluster\(/.test(text(file)) && !kindsOf(file).includes('cluster'));
    expect(unmarked).toEqual([]);
  });

  it('each kind of difference is exercised by at least one marked file', () => {
    const used = new Set(files.flatMap(kindsOf));
    expect(Object.keys(postgresKinds).filter((kind) => !used.has(kind))).toEqual([]);
  });
});
