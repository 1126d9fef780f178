import { mkdirSync } from 'node:fs';
import { describe, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';

const dir = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(dir, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}${name}.png` });
}

const shells: { theme: string; host?: string; login: { email: string; password: string } }[] = [
  { theme: 'move', login: logins.admin },
  { theme: 'sol', host: 'sol', login: logins.solOperator },
  { theme: 'terpel', host: 'terpel', login: logins.terpelOperator },
  { theme: 'andes', host: 'andes', login: logins.admin },
];

/** Not assertions: pictures of the login page and the shell per theme, for review (git-ignored). */
describe('screenshots', () => {
  const browser = useBrowser();

  it.each(shells)('login and shell screenshots: theme $theme', async ({ theme, host, login }) => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login', host));
    await page.locator('altcha-widget').waitFor();
    await shoot(page, `${theme}-login`);

    await signIn(page, login, host);
    await shoot(page, `${theme}-shell`);

    await page.locator('[data-testid="sidebar"]').hover();
    await page.waitForTimeout(400);
    await shoot(page, `${theme}-shell-sidebar`);
    await page.locator('[data-testid="notifications-button"]').click();
    await shoot(page, `${theme}-shell-open`);
  });

  it('public pages and phone layout screenshots', async () => {
    const { page } = browser;
    await page.goto(appUrl('/not-found'));
    await shoot(page, 'move-not-found');
    await page.goto(appUrl('/terms-of-use'));
    await shoot(page, 'move-terms');
    await page.goto(appUrl('/auth/recover'));
    await shoot(page, 'move-recover');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl('/auth/login', 'terpel'));
    await shoot(page, 'terpel-login-phone');
  });
});
