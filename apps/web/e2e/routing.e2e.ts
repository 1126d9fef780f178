import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';

describe('routing and guards', () => {
  const browser = useBrowser();

  it('unknown path: when opened, redirects to /not-found with the Portuguese text and a home button', async () => {
    const { page } = browser;

    await page.goto(appUrl('/this/does/not/exist'));

    await page.waitForURL((url) => url.pathname === '/not-found');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    expect(await page.getByText('Ela pode ter sido removida ou movida').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Voltar ao início' }).isVisible()).toBe(true);
  });

  it('general view: when signed out, redirects to /auth/login', async () => {
    const { page } = browser;

    await page.goto(appUrl('/'));

    await page.waitForURL((url) => url.pathname === '/auth/login');
  });

  it('auth pages: when signed in, redirect to /', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);

    await page.goto(appUrl('/auth/login'));

    await page.waitForURL((url) => url.pathname === '/');
  });

  it('start-up: when the app boots, stores the api key and theme and sets title and favicon', async () => {
    const { page } = browser;

    await page.goto(appUrl('/auth/login'));
    await page.locator('form').waitFor();

    expect(await page.title()).toBe('Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('move');
    expect(await page.evaluate(() => localStorage.getItem('api-key'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('deep-link-host'))).toBeTruthy();
    expect(await page.locator('link#app-favicon').getAttribute('href')).toBe('/themes/move/favicon.svg');
  });

  it('public pages: when signed out, show the privacy policy and the 12-section terms of use', async () => {
    const { page } = browser;

    await page.goto(appUrl('/privacy-policy'));
    await page.getByRole('heading', { name: 'Política de Privacidade' }).waitFor();
    expect(await page.getByText('29 de setembro de 2021').count()).toBeGreaterThan(0);

    await page.goto(appUrl('/terms-of-use'));
    await page.getByRole('heading', { name: 'Termos de Uso' }).waitFor();
    expect(await page.locator('.legal__section').count()).toBe(12);
    expect(await page.getByText('Move Mobilidade Elétrica Ltda.').count()).toBeGreaterThan(0);
  });
});
