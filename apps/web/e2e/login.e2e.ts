import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { fillLogin, isSubmitEnabled, logins, prepareLogin, solveCaptcha, storageValue, submitButton, waitForToast } from './support/auth';

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

    await page.locator('.ant-message-notice-error').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await storageValue(page, 'auth-token')).toBeNull();
  });

  it('forgot-password link: when clicked, opens /auth/recover', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));

    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();

    await page.waitForURL((url) => url.pathname === '/auth/recover');
  });
});
