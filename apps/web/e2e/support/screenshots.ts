import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { waitForStill } from './still';

/**
 * Pictures for review, not assertions: `apps/web/e2e/screenshots/<name>.png` (git-ignored). The
 * browser tests take some at the states only they reach; `npm run screenshots` takes the rest
 * (screenshots.shots.ts).
 */
export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/**
 * `E2E_SCREENSHOTS=0` (CI sets it): no pictures. Nobody looks at a CI machine's pictures, and
 * waiting for a still page and encoding a PNG cost about a sixth of the browser suite's time. The
 * waits a picture needs that change the page (toasts gone, scrolled to the top) still happen.
 */
export const screenshotsOn = process.env.E2E_SCREENSHOTS !== '0';

export interface ShootOptions {
  /** The whole page (default) or the viewport. */
  fullPage?: boolean;
  /** Wait until the toasts have gone first. */
  waitForToasts?: boolean;
  /** Scroll to the top first (default true). */
  scrollToTop?: boolean;
}

/**
 * Saves `<name>.png` once the page is still. A whole-page shot grows the viewport to the page's
 * height first, so layout sized to the viewport (the sidebar) covers the page too.
 */
export async function shoot(page: Page, name: string, options: ShootOptions = {}): Promise<void> {
  const { fullPage = true, waitForToasts = false, scrollToTop = true } = options;
  const path = `${screenshotDir}${name}.png`;
  if (waitForToasts) await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
  if (scrollToTop) await page.evaluate(() => window.scrollTo(0, 0));
  if (!screenshotsOn) return;
  await waitForStill(page);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
  if (!fullPage || !viewport || height <= viewport.height) {
    await page.screenshot({ path });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    await waitForStill(page);
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** Saves `<name>.png` of one element, scrolled into view, once the page is still. */
export async function shootElement(element: Locator, name: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  if (!screenshotsOn) return;
  await waitForStill(element.page());
  await element.screenshot({ path: `${screenshotDir}${name}.png` });
}
