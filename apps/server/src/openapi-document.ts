import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openPglite } from './db/database';
import { migrate } from './db/migrate';
import { InProcessBus } from './platform/bus';

/**
 * The OpenAPI document of the API, built from the route schemas of a whole app that never
 * listens: an in-memory embedded database and a throwaway data directory, so it needs no server
 * and is the same on every machine (no servers, hosts or build-dependent routes in it).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-openapi-'));
  const database = await openPglite();
  const bus = new InProcessBus();
  try {
    await migrate(database);
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'none',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      SIMULATOR_STATIONS: '0',
      DEMO: 'false',
    });
    const app = await buildApp({ config, database, bus, logger: false });
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await bus.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Objects with their keys sorted, at every depth (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The checked-in form of the document: sorted keys, 2-space indent, trailing newline. */
export function formatOpenApiDocument(doc: unknown): string {
  return `${JSON.stringify(sortKeys(doc), null, 2)}\n`;
}
