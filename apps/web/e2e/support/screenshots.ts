import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const dir = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(dir, { recursive: true });

/**
 * Saves `e2e/screenshots/<name>.png` once the page is quiet. A whole-page shot grows the viewport
 * to the page's height first, so layout sized to the viewport (the sidebar) covers the page too.
 */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean; waitForToasts?: boolean } = {}): Promise<void> {
  const { fullPage = true, waitForToasts = false } = options;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (waitForToasts)
    await page
      .locator('.ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  const viewport = page.viewportSize();
  if (!fullPage || !viewport) {
    await page.screenshot({ path: `${dir}${name}.png` });
    return;
  }
  const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.waitForTimeout(300);
  }
  try {
    await page.screenshot({ path: `${dir}${name}.png` });
  } finally {
    if (height > viewport.height) await page.setViewportSize(viewport);
  }
}
