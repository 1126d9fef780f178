import type { Page } from 'playwright-core';
import { appUrl } from './browser';

export const logins = {
  admin: { email: 'admin@recarga.app', password: 'Recarga@2026' },
  solOperator: { email: 'operador@sol.com.br', password: 'Operador@2026' },
  moveOwner: { email: 'dono@move.com.br', password: 'Dono@2026' },
  terpelOperator: { email: 'operador@terpel.co', password: 'Terpel@2026' },
  driver: { email: 'motorista@move.com.br', password: 'Motorista@2026' },
} as const;

export const submitButton = (page: Page) => page.locator('form button[type="submit"]');

export async function isSubmitEnabled(page: Page): Promise<boolean> {
  return submitButton(page).isEnabled();
}

/** Clicks the ALTCHA checkbox and waits until the proof of work is done (submit enabled). */
export async function solveCaptcha(page: Page): Promise<void> {
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await page.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
      return !!button && !button.disabled;
    },
    null,
    { timeout: 30_000 },
  );
}

/** Waits for a toast with this text: the app's (antd message) or the sign-in page's, which loads without the app. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-message-notice, [data-testid="toast"]', { hasText: text })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input#login_email').fill(email);
  await page.locator('input#login_password').fill(password);
}

/** Opens the login page, types these credentials and solves the captcha: ready to submit. */
export async function prepareLogin(page: Page, login: { email: string; password: string }, tenantHost?: string): Promise<void> {
  await page.goto(appUrl('/auth/login', tenantHost));
  await fillLogin(page, login.email, login.password);
  await solveCaptcha(page);
}

/** Signs in through the real login page; resolves on the general view. */
export async function signIn(page: Page, login: { email: string; password: string }, tenantHost?: string): Promise<void> {
  await prepareLogin(page, login, tenantHost);
  await submitButton(page).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await page.locator('[data-testid="user-menu"]').waitFor({ state: 'visible' });
}

export async function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
