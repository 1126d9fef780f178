import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';

describe('cookie bar', () => {
  const browser = useBrowser({ acceptCookies: false });

  it('cookie bar: on a first visit, appears; Entendi (I Understand) hides it and it stays hidden after reload', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));
    const bar = page.locator('[data-testid="cookie-bar"]');
    await bar.waitFor();
    expect(await bar.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacy-policy');

    await bar.getByRole('button', { name: 'Entendi' }).click();

    await bar.waitFor({ state: 'detached' });
    const expiry = Number(await page.evaluate(() => localStorage.getItem('cookie-accept')));
    const days = (expiry - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.reload();
    await page.locator('form').waitFor();
    expect(await bar.count()).toBe(0);
  });

  it('cookie bar: when the stored consent has expired, appears again', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));
    await page.evaluate(() => localStorage.setItem('cookie-accept', String(Date.now() - 1000)));

    await page.reload();

    await page.locator('[data-testid="cookie-bar"]').waitFor();
  });
});
