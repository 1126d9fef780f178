import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, solveCaptcha, submitButton, waitForToast } from './support/auth';
import { mailFiles, waitForRecoveryCode } from './support/mail';

/** Runs the whole recovery flow in the browser and sets `password` for `email`. */
async function recoverPassword(page: Page, email: string, password: string): Promise<void> {
  const dataDir = inject('dataDir');
  await page.goto(appUrl('/auth/recover'));
  await page.locator('input#recover_email').fill(email);
  await solveCaptcha(page);
  const before = mailFiles(dataDir);
  await submitButton(page).click();
  await waitForToast(page, 'Check the code in your email.');
  await page.waitForURL((url) => url.pathname === '/auth/recover/change');
  const code = await waitForRecoveryCode(dataDir, email, before);

  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(code);
  await page.locator('input#change_password').fill(password);
  await page.locator('input#change_confirm').fill(password);
  await solveCaptcha(page);
  await submitButton(page).click();

  await waitForToast(page, 'Password changed successfully!');
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

  it('recovery: with an unknown e-mail, shows the failure message and stays', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/recover'));
    await page.locator('input#recover_email').fill('ninguem@example.com');
    await solveCaptcha(page);

    await submitButton(page).click();

    await waitForToast(page, 'Check if the email entered exists.');
    expect(new URL(page.url()).pathname).toBe('/auth/recover');
  });

  it('recovery change page: without an e-mail in navigation state, redirects to /auth/recover', async () => {
    const { page } = browser;

    await page.goto(appUrl('/auth/recover/change'));

    await page.waitForURL((url) => url.pathname === '/auth/recover');
  });

  it('recovery change: with a wrong code, shows the invalid-code message and asks for a new verification', async () => {
    const { page } = browser;
    const dataDir = inject('dataDir');
    const { email } = logins.solOperator;
    await page.goto(appUrl('/auth/recover'));
    await page.locator('input#recover_email').fill(email);
    await solveCaptcha(page);
    const before = mailFiles(dataDir);
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === '/auth/recover/change');
    const code = await waitForRecoveryCode(dataDir, email, before);
    const wrong = code === '000000' ? '111111' : '000000';

    await page.locator('.ant-otp input').first().click();
    await page.keyboard.type(wrong);
    await page.locator('input#change_password').fill('Outra@2026');
    await page.locator('input#change_confirm').fill('Outra@2026');
    await solveCaptcha(page);
    await submitButton(page).click();

    await waitForToast(page, 'Check that the entered code is valid.');
    expect(new URL(page.url()).pathname).toBe('/auth/recover/change');
    expect(await submitButton(page).isEnabled()).toBe(false);
  });
});
