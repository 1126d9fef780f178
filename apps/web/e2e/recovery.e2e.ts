import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, solveCaptcha, submitButton, waitForToast } from './support/auth';
import { mailFiles, waitForRecoveryCode } from './support/mail';
import { testServer } from './support/server';

/** Opens /auth/recover with `email` typed and the captcha solved: ready to send. */
async function prepareRecovery(page: Page, email: string): Promise<void> {
  await page.goto(appUrl('/auth/recover'));
  await page.locator('input#recover_email').fill(email);
  await solveCaptcha(page);
}

/** Asks for a recovery code for `email`; resolves on the change page with the code from the e-mail. */
async function requestRecoveryCode(page: Page, email: string): Promise<string> {
  const dataDir = testServer().dataDir;
  await prepareRecovery(page, email);
  const before = mailFiles(dataDir);
  await submitButton(page).click();
  await waitForToast(page, 'Confira o código no seu e-mail.');
  await page.waitForURL((url) => url.pathname === '/auth/recover/change');
  return waitForRecoveryCode(dataDir, email, before);
}

/** Fills the change page (code, new password twice), solves the captcha and sends it. */
async function submitNewPassword(page: Page, code: string, password: string): Promise<void> {
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(code);
  await page.locator('input#change_password').fill(password);
  await page.locator('input#change_confirm').fill(password);
  await solveCaptcha(page);
  await submitButton(page).click();
}

/** Runs the whole recovery flow in the browser and sets `password` for `email`. */
async function recoverPassword(page: Page, email: string, password: string): Promise<void> {
  const code = await requestRecoveryCode(page, email);
  await submitNewPassword(page, code, password);
  await waitForToast(page, 'Senha alterada com sucesso!');
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

describe('password recovery', () => {
  const browser = useBrowser();

  it('recovery: with the code from the e-mail, changes the password and the new one signs in', async () => {
    const { page } = browser;
    const { email, password: original } = logins.moveOwner;
    const changed = 'Nova@2026x';

    await recoverPassword(page, email, changed);
    await signIn(page, { email, password: changed });
    expect(new URL(page.url()).pathname).toBe('/');

    // Put the demo password back for the other test files sharing this server.
    await page.evaluate(() => localStorage.clear());
    await recoverPassword(page, email, original);
  });

  it('recovery: with an unknown e-mail, the same answer as for an account (the page does not tell who has one)', async () => {
    const { page } = browser;
    await prepareRecovery(page, 'ninguem@example.com');

    await submitButton(page).click();

    await waitForToast(page, 'Confira o código no seu e-mail.');
    await page.waitForURL((url) => url.pathname === '/auth/recover/change');
  });

  it('recovery change page: without an e-mail in navigation state, redirects to /auth/recover', async () => {
    const { page } = browser;

    await page.goto(appUrl('/auth/recover/change'));

    await page.waitForURL((url) => url.pathname === '/auth/recover');
  });

  it('recovery change: with a wrong code, shows the invalid-code message and asks for a new verification', async () => {
    const { page } = browser;
    const code = await requestRecoveryCode(page, logins.solOperator.email);
    const wrong = code === '000000' ? '111111' : '000000';

    await submitNewPassword(page, wrong, 'Outra@2026');

    await waitForToast(page, 'Verifique se o código informado é válido.');
    expect(new URL(page.url()).pathname).toBe('/auth/recover/change');
    expect(await submitButton(page).isEnabled()).toBe(false);
  });

  it('recovery change: an expired code (the server’s 410) says so and goes back to sign-in after 2 seconds', async () => {
    const { page } = browser;
    await requestRecoveryCode(page, logins.terpelOperator.email);
    // Fifteen minutes cannot pass here: the server's own 410 (tested in the API tests) is played back.
    await page.route('**/api/forgotpassword/change/', (route) =>
      route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'CODE_EXPIRED', message: 'The code has expired.', fields: { code: 'The code has expired.' } }),
      }),
    );
    await submitNewPassword(page, '123456', 'Outra@2026');
    await waitForToast(page, 'O código expirou.');
    await waitForToast(page, 'Você será redirecionado para a tela de login.');
    await page.waitForURL((url) => url.pathname === '/auth/login');
  });
});
