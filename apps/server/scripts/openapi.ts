/**
 * Writes the OpenAPI document to docs/openapi.json (`npm run openapi`), or with `--check`
 * compares a fresh one with the checked-in file and exits 1 when they differ (CI).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, formatOpenApiDocument } from '../src/openapi-document';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');
const relative = path.relative(process.cwd(), target) || target;
const check = process.argv.includes('--check');

const fresh = formatOpenApiDocument(await buildOpenApiDocument());
if (check) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current !== fresh) {
    console.error(`${relative} is ${current === null ? 'missing' : 'stale'}: run npm run openapi`);
    process.exit(1);
  }
  console.log(`${relative} is up to date`);
} else {
  fs.writeFileSync(target, fresh);
  console.log(`wrote ${relative}`);
}
