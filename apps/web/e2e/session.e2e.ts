import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { logins, signIn, storageValue, waitForToast } from './support/auth';

describe('session', () => {
  const browser = useBrowser();

  it('logout: when chosen in the user menu, shows the toast, clears the session and opens the login', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);

    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();

    await waitForToast(page, 'Logout efetuado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await storageValue(page, 'auth-token')).toBeNull();
    expect(await storageValue(page, 'auth-user')).toBeNull();
  });

  it('logout: when the server does not answer, the session still ends on this device within seconds', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    // The sign-out request is held and never answered (a server that has stopped answering).
    let held = 0;
    await page.route('**/api/logout/', () => {
      held += 1;
    });

    await page.locator('[data-testid="user-menu"]').click();
    const clicked = Date.now();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });
    const waited = Date.now() - clicked;
    expect(held).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(4_500);
    expect(await storageValue(page, 'auth-token')).toBeNull();
    await page.unroute('**/api/logout/');
  });

  it('401 rule: when the stored token is no longer valid, alerts, clears the session and returns to the root', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.evaluate(() => localStorage.setItem('auth-token', 'expired-or-forged-token'));

    await page.reload();

    await page.locator('.ant-notification-notice', { hasText: 'Sessão expirada' }).waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await storageValue(page, 'auth-token')).toBeNull();
    expect(await storageValue(page, 'auth-user')).toBeNull();
  });

  it('sidebar: when signed in as an operator, lists the general view and expands to 240px on hover', async () => {
    const { page } = browser;
    await signIn(page, logins.moveOwner);
    const sidebar = page.locator('[data-testid="sidebar"]');
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(80);

    await sidebar.hover();

    await page.waitForFunction(() => Math.round(document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width) === 240);
    expect(await sidebar.getByRole('menuitem', { name: 'Visão geral' }).count()).toBe(1);
    expect(await sidebar.getByText('Rateio').count()).toBe(0);
  });

  it('sidebar: when the theme is sol, shows the external Rateio link', async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator, 'sol');

    const rateio = page.locator('[data-testid="sidebar"] a', { hasText: 'Rateio' });

    expect(await rateio.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await rateio.getAttribute('target')).toBe('_blank');
  });

  it('notifications: when the bell is opened, shows the dropdown panel', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);

    await page.locator('[data-testid="notifications-button"]').click();

    await page.getByRole('region', { name: 'Notificações' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
