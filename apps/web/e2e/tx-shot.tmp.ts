import { chromium } from 'playwright-core';
import { chromiumArgs } from './support/browser';

const base = process.argv[2] ?? 'http://localhost:4610';
const who = process.argv[3] ?? 'admin@recarga.app:Recarga@2026';
const out = process.argv[4] ?? '/tmp/tx/shot';
const [email, password] = who.split(':');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
await context.addInitScript(() => window.localStorage.setItem('cookie-accept', String(Date.now() + 365 * 24 * 3600 * 1000)));
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}/auth/login`);
await page.locator('input#login_email').fill(email!);
await page.locator('input#login_password').fill(password!);
await page.locator('altcha-widget input[type="checkbox"]').click();
await page.waitForFunction(() => { const b = document.querySelector<HTMLButtonElement>('form button[type="submit"]'); return !!b && !b.disabled; }, null, { timeout: 30000 });
await page.locator('form button[type="submit"]').click();
await page.waitForURL((u) => u.pathname === '/', { timeout: 20000 });
await page.goto(`${base}/transactions`);
await page.locator('[data-testid="tx-table"]').waitFor();
await page.waitForLoadState('networkidle');
await page.waitForTimeout(600);
await page.screenshot({ path: `${out}-list.png`, fullPage: true });
const expandId = process.argv[5];
const first = expandId ? page.locator(`[data-testid="tx-expand-${expandId}"]`) : page.locator('[data-testid^="tx-expand-"]').first();
if (await first.count()) {
  await first.click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}-expanded.png`, fullPage: true });
}
await browser.close();
