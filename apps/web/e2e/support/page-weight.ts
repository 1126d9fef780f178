import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

export const KB = 1024;

/** The built web app's manifest: which hashed file holds a source module. */
export function builtFileOf(source: string): string {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/.vite/manifest.json', import.meta.url)), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build's manifest: run npm run build`);
  return `/${chunk.file}`;
}

export interface ScriptFetch {
  path: string;
  /** Bytes of the body as sent (compressed). */
  body: number;
  /** Bytes on the wire: headers and body. */
  transfer: number;
}

export interface Weighing {
  page: Page;
  /** Every script fetched so far, in order. */
  scripts: ScriptFetch[];
  /** Resolves once no script is being fetched and the page has been idle twice (a fetch started by an effect or a timer of the load is in flight by then). */
  settled(): Promise<void>;
  /** Sum of the scripts' bodies, in KB. */
  bodyKB(): number;
  transferKB(): number;
}

/**
 * Opens a page that fetches everything from the network (cache off) with this Accept-Encoding, and
 * records each JavaScript file it fetches (scripts and module preloads) as Chromium received it.
 */
export async function weighPage(context: BrowserContext, encoding: string): Promise<Weighing> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  // Resource timing keeps 250 entries by default; a big screen fetches more than that.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(2_000));
  const pending = new Map<string, string>();
  const scripts: ScriptFetch[] = [];
  let waiting: (() => void)[] = [];
  const wake = () => {
    if (pending.size > 0) return;
    const resolve = waiting;
    waiting = [];
    for (const fn of resolve) fn();
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.pathname.endsWith('.js')) pending.set(event.requestId, url.pathname);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const path = pending.get(event.requestId);
    if (path === undefined) return;
    pending.delete(event.requestId);
    scripts.push({ path, body: 0, transfer: event.encodedDataLength });
    wake();
  });
  cdp.on('Network.loadingFailed', (event) => {
    pending.delete(event.requestId);
    wake();
  });
  const idle = () => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
  const quiet = () => new Promise<void>((resolve) => (pending.size === 0 ? resolve() : waiting.push(resolve)));
  const weighing: Weighing = {
    page,
    scripts,
    async settled() {
      await page.waitForLoadState('networkidle');
      for (let round = 0; round < 2; round++) {
        await idle();
        await quiet();
      }
      await page.waitForLoadState('networkidle');
      // The bodies as the browser's resource timing has them (transfer less headers).
      const bodies = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => [new URL(entry.name).pathname, entry.encodedBodySize] as const),
      );
      const byPath = new Map(bodies);
      for (const script of scripts) script.body = byPath.get(script.path) ?? 0;
    },
    bodyKB: () => scripts.reduce((sum, script) => sum + script.body, 0) / KB,
    transferKB: () => scripts.reduce((sum, script) => sum + script.transfer, 0) / KB,
  };
  return weighing;
}
