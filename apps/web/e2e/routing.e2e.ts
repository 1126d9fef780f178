import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { shoot } from './support/screenshots';
import { fillLogin, logins, signIn, solveCaptcha, submitButton } from './support/auth';

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

  it('unknown path, when signed in: redirects to /not-found too (000: unknown paths redirect to /not-found)', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    await page.goto(appUrl('/estacoes/antigas?x=1'));

    await page.waitForURL((url) => url.pathname === '/not-found');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await page.getByRole('button', { name: 'Voltar ao início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a screen the profile does not include: the no-permission view inside the shell, not the 404', async () => {
    const { page } = browser;
    await signIn(page, logins.moveOwner, undefined, { at: '/station_groups/create' });

    await page.getByTestId('no-permission').waitFor();
    await page.getByRole('heading', { name: 'Você não tem permissão para abrir esta tela' }).waitFor();
    expect(await page.getByText('404').count()).toBe(0);
    expect(await page.locator('[data-testid="user-menu"]').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Voltar ao início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a remote command the profile does not include, opened by its address: the no-permission view, no form to send', async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator, 'sol', { at: null });
    for (const path of ['/operations/remote_reset', '/operations/v15', '/operations/charging_profile']) {
      await page.goto(appUrl(path, 'sol'));
      await page.getByTestId('no-permission').waitFor();
      expect(await page.getByRole('button', { name: 'Enviar' }).count(), path).toBe(0);
    }
    await shoot(page, 'no-permission-command', { fullPage: false });
    // A command the profile includes still opens its form.
    await page.goto(appUrl('/operations/remote_start', 'sol'));
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
  });

  it('greyed commands say why: not in the profile, only on OCPP 1.6, power limit not available yet', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator, 'sol', { at: '/operations/remote_start' });
    const menu = page.locator('.operations-menu');
    const item = (name: string) => menu.getByRole('menuitem', { name: new RegExp(`^${name}`) });
    await item('Reiniciar').waitFor();
    expect(await item('Reiniciar').getAttribute('aria-disabled')).toBe('true');
    expect(await item('Reiniciar').innerText()).toContain('Seu perfil não inclui este comando');
    expect(await item('Limite de potência').innerText()).toContain('Ainda não disponível: limite a potência com um perfil de recarga');
    // The administrator holds every command: on OCPP 1.5 the 1.6-only ones say so.
    await signIn(page, logins.admin, undefined, { at: '/operations/remote_start?v=15' });
    await item('Solicitar mensagem').waitFor();
    expect(await item('Solicitar mensagem').getAttribute('aria-disabled')).toBe('true');
    expect(await item('Solicitar mensagem').innerText()).toContain('Somente em estações OCPP 1.6');
    expect(await item('Reiniciar').innerText()).not.toContain('Seu perfil');
    await shoot(page, 'operations-greyed-reasons', { fullPage: false });
  });

  it(
    'permission keys without a screen, opened by address: say what they allow and lead to where they act',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const cases = [
        { path: '/stations/delete/1', title: 'Excluir estações', go: 'Ir para Estações', to: '/stations' },
        { path: '/ocpptags/delete/1', title: 'Excluir tags RFID', go: 'Ir para Tags RFID', to: '/ocpptags' },
        { path: '/cancel-idle-payment', title: 'Cancelar cobrança de ociosidade', go: 'Ir para Recargas', to: '/transactions' },
        { path: '/users_data/tenant_parent/cpf', title: 'Buscar usuários por CPF', go: 'Ir para Vouchers', to: '/vouchers' },
      ];
      for (const c of cases) {
        await page.goto(appUrl(c.path));
        await page.getByTestId('permission-only').getByRole('heading', { name: c.title }).waitFor();
        expect(await page.getByText('Página não encontrada').count(), c.path).toBe(0);
        await page.getByRole('button', { name: c.go }).click();
        await page.waitForURL((url) => url.pathname === c.to);
      }
      // Without the permission: the no-permission view.
      await signIn(page, logins.moveOwner, undefined, { at: null });
      const held = await page.evaluate(() => {
        const user = JSON.parse(window.localStorage.getItem('auth-user') ?? '{}') as {
          permissions?: { route?: string; status?: boolean }[];
        };
        return (user.permissions ?? []).filter((p) => p.status !== false && p.route).map((p) => p.route!);
      });
      const missing = cases.find((c) => !held.includes(c.path.replace(/\/1$/, '/{id}')));
      expect(missing, 'a key the station owner does not hold').toBeTruthy();
      await page.goto(appUrl(missing!.path));
      await page.getByTestId('no-permission').waitFor();
    },
  );

  it('a deep link, when signed out: survives the login and opens with its query', async () => {
    const { page } = browser;
    const wanted = '/transactions?page=2&search=E2E';

    await page.goto(appUrl(wanted));

    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(wanted);
    await fillLogin(page, logins.admin.email, logins.admin.password);
    await solveCaptcha(page);
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === '/transactions');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(wanted);
    await page.waitForFunction(() => document.title === 'Transações — Move');
  });

  it('a login link pointing elsewhere: after signing in, the general view (no open redirect)', async () => {
    const { page } = browser;

    await page.goto(appUrl(`/auth/login?next=${encodeURIComponent('//evil.example.com/x')}`));
    await fillLogin(page, logins.admin.email, logins.admin.password);
    await solveCaptcha(page);
    await submitButton(page).click();

    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(appUrl('/')).host);
  });

  it('general view: when signed out, redirects to /auth/login', async () => {
    const { page } = browser;

    await page.goto(appUrl('/'));

    await page.waitForURL((url) => url.pathname === '/auth/login');
  });

  it('auth pages: when signed in, redirect to /', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/auth/login' });

    await page.waitForURL((url) => url.pathname === '/');
  });

  it('start-up: when the app boots, stores the api key and theme and sets title and favicon', async () => {
    const { page } = browser;

    await page.goto(appUrl('/auth/login'));
    await page.locator('form').waitFor();

    // 'Dashboard' while the app starts (the served page), then the page's own name and the brand.
    const served = await page.evaluate(async () => (await fetch('/auth/login')).text());
    expect(served).toContain('<title>Dashboard</title>');
    await page.waitForFunction(() => document.title === 'Entrar — Move');
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
