import { chromium } from 'playwright-core';
import { chromiumArgs } from './support/browser';
const base = process.argv[2]!; const [email, password] = process.argv[3]!.split(':'); const path = process.argv[4]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const page = await (await browser.newContext()).newPage();
await page.goto(`${base}/auth/login`);
await page.locator('input#login_email').fill(email!);
await page.locator('input#login_password').fill(password!);
await page.locator('altcha-widget input[type="checkbox"]').click();
await page.waitForFunction(() => { const b = document.querySelector<HTMLButtonElement>('form button[type="submit"]'); return !!b && !b.disabled; }, null, { timeout: 30000 });
await page.locator('form button[type="submit"]').click();
await page.waitForURL((u) => u.pathname === '/', { timeout: 20000 });
const out = await page.evaluate(async (p) => {
  const r = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem('auth-token')}`, 'Api-Key': localStorage.getItem('api-key') ?? '', Platform: 'DASHBOARD' } });
  return `${r.status} ${await r.text()}`;
}, path);
console.log(out.slice(0, 3000));
await browser.close();
