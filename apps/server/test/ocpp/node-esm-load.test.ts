import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const src = path.resolve(import.meta.dirname, '../../src');

/**
 * Vitest's module interop is more forgiving than Node's ESM loader, which `npm start` (tsx) uses:
 * a named import that only exists through a CommonJS object spread (ocpp-rpc's error classes)
 * passes here and crashes there. This loads the central system and the live gateway the way
 * the server does.
 */
describe('server modules under the Node ESM loader', () => {
  it('central system and live gateway: load without missing exports', async () => {
    const code = `await import(${JSON.stringify(path.join(src, 'ocpp/central-system.ts'))}); await import(${JSON.stringify(path.join(src, 'live/live-gateway.ts'))}); console.log('loaded');`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: path.resolve(src, '..'),
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('loaded');
  });
});
