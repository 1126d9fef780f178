/**
 * Compiles the server for production: one ES module bundle (dist/main.js) of our own code — the
 * server and the workspace packages it imports as TypeScript (@recarga/contracts, @recarga/simulator)
 * — with every npm package left as an import, plus the SQL migrations beside it (db/migrate.ts reads
 * them from its own folder). `npm start` serves this file with plain Node: no TypeScript compiler in
 * the serving process (issue 22 item 3).
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** npm packages stay imports (resolved from node_modules at run time); workspace packages are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@recarga/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
const result = await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
});
cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `server: dist/main.js and migrations in ${Date.now() - started} ms (${(bytes / 1024 / 1024).toFixed(1)} MB with its source map)`,
);
