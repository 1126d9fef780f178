import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import {
  fillLogin,
  isSubmitEnabled,
  logins,
  prepareLogin,
  signIn,
  solveCaptcha,
  storageValue,
  submitButton,
  waitForToast,
} from './support/auth';

describe('login page', () => {
  const browser = useBrowser();

  it('login button: when the page opens, is disabled until the captcha is solved, then enabled', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));
    await fillLogin(page, logins.admin.email, logins.admin.password);
    expect(await isSubmitEnabled(page)).toBe(false);

    await solveCaptcha(page);

    expect(await isSubmitEnabled(page)).toBe(true);
  });

  it('sign-in: with valid credentials, lands on / with the success toast and a stored session', async () => {
    const { page } = browser;
    await prepareLogin(page, logins.admin);

    await submitButton(page).click();

    await waitForToast(page, 'Login realizado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storageValue(page, 'auth-token')).toBeTruthy();
    const user = JSON.parse((await storageValue(page, 'auth-user')) ?? '{}') as { permissions?: unknown[] };
    expect(user.permissions?.length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
  });

  it('sign-in: with a wrong password, shows the 401 message, stays and asks for a new verification', async () => {
    const { page } = browser;
    await prepareLogin(page, { email: logins.moveOwner.email, password: 'wrong-password' });

    await submitButton(page).click();

    await waitForToast(
      page,
      'Não foi possível entrar. Verifique se o e-mail e a senha estão corretos, se o usuário tem permissão ou se há uma estação vinculada.',
    );
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await isSubmitEnabled(page)).toBe(false);
    expect(await storageValue(page, 'auth-token')).toBeNull();
  });

  it('sign-in: as a driver without dashboard permission, is refused and stays signed out', async () => {
    const { page } = browser;
    await prepareLogin(page, logins.driver);

    await submitButton(page).click();

    await page.locator('[data-testid="toast"].toast--error').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await storageValue(page, 'auth-token')).toBeNull();
  });

  it('forgot-password link: when clicked, opens /auth/recover', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));

    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();

    await page.waitForURL((url) => url.pathname === '/auth/recover');
  });

  it('empty fields: the submit names each missing field under it and puts the cursor in the first', async () => {
    const { page } = browser;
    await prepareLogin(page, logins.admin);
    await page.locator('input#login_email').fill('');
    await page.locator('input#login_password').fill('');

    await submitButton(page).click();

    await page.getByText('Informe seu e-mail.').waitFor();
    await page.getByText('Informe sua senha.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login_email');
    expect(await page.locator('input#login_email').getAttribute('aria-invalid')).toBe('true');
    await page.locator('input#login_email').fill('admin@');
    await page.getByText('Informe um e-mail válido.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('keyboard only: tab through the fields, the eye shows the password, Enter signs in', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));
    await page.locator('input#login_email').focus();
    await page.keyboard.type(logins.admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(logins.admin.password);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Mostrar senha');
    await page.keyboard.press('Enter');
    expect(await page.locator('input#login_password').getAttribute('type')).toBe('text');
    await solveCaptcha(page);

    await page.locator('input#login_password').press('Enter');

    await waitForToast(page, 'Login realizado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signed out inside the app, signs in again from the same page and lands back on the general view', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await fillLogin(page, logins.admin.email, logins.admin.password);
    await solveCaptcha(page);
    await submitButton(page).click();

    await waitForToast(page, 'Login realizado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
  });
});
