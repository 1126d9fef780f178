import type { Page } from 'playwright-core';
import { solveChallenge } from 'altcha-lib/v1';
import { appUrl } from './browser';
import { testServer } from './server';

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

/** Signs in through the real login page (captcha, form, submit); resolves on the general view. */
export async function signInThroughPage(page: Page, login: { email: string; password: string }, tenantHost?: string): Promise<void> {
  await prepareLogin(page, login, tenantHost);
  await submitButton(page).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await page.locator('[data-testid="user-menu"]').waitFor({ state: 'visible' });
}

/** What the login call answers: the bearer token and the user the app keeps beside it. */
interface LoginAnswer {
  token: string;
  user: unknown;
}

/**
 * A new session through the server's real login call, with the ALTCHA proof solved here instead of
 * in a page: the same call, captcha check, password check and session row as the sign-in page makes,
 * without drawing that page (login.e2e.ts and signInThroughPage test the page itself).
 */
export async function loginSession(login: { email: string; password: string }): Promise<LoginAnswer> {
  const origin = `http://127.0.0.1:${testServer().port}`;
  const headers = { platform: 'DASHBOARD', 'content-type': 'application/json' };
  const challengeAnswer = await fetch(`${origin}/api/captcha/challenge/`, { headers });
  if (!challengeAnswer.ok) throw new Error(`captcha challenge: ${challengeAnswer.status} ${await challengeAnswer.text()}`);
  const challenge = (await challengeAnswer.json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha challenge: no solution within its maximum number');
  const recaptchaResponse = Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
  const answer = await fetch(`${origin}/api/login/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: login.email, password: login.password, recaptchaResponse }),
  });
  if (answer.status !== 200) throw new Error(`login ${login.email}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as LoginAnswer;
}

/**
 * Signs in with a new session of the server's real login call (loginSession) and opens `at` (the
 * general view by default) with it, as the app does after the sign-in page; resolves once the shell
 * is drawn. `at: null` opens no screen: the session is stored on the origin for `callApi` calls
 * that arrange data before the test opens its screen. Drawing the sign-in page and then the general
 * view cost each test about 2 s.
 */
export async function signIn(
  page: Page,
  login: { email: string; password: string },
  tenantHost?: string,
  options: { at?: string | null } = {},
): Promise<void> {
  const session = await loginSession(login);
  // The session lives in the origin's storage: open the origin on a page that loads no app first.
  await page.goto(appUrl('/health', tenantHost));
  await page.evaluate(({ token, user }) => {
    window.localStorage.setItem('auth-token', token);
    window.localStorage.setItem('auth-user', JSON.stringify(user));
  }, session);
  if (options.at === null) return;
  await page.goto(appUrl(options.at ?? '/', tenantHost));
  await page.locator('[data-testid="user-menu"]').waitFor({ state: 'visible' });
}

export async function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
