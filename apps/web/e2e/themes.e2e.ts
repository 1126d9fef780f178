import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, solveCaptcha, submitButton } from './support/auth';
import { waitForAnimations } from './support/still';

async function loginPageLook(page: Page, tenantHost?: string) {
  await page.goto(appUrl('/auth/login', tenantHost));
  await page.locator('form').waitFor();
  await solveCaptcha(page);
  // The submit button takes the brand colour once enabled, at the end of its colour transition.
  await waitForAnimations(submitButton(page));
  return {
    logo: await page.locator('.auth-brand__logo').getAttribute('src'),
    primary: await submitButton(page).evaluate((el) => getComputedStyle(el).backgroundColor),
    heading: (await page.locator('h2').first().textContent())?.trim(),
    lang: await page.evaluate(() => document.documentElement.lang),
    footer: await page.locator('[data-testid="login-footer"]').count(),
    favicon: await page.locator('link#app-favicon').getAttribute('href'),
  };
}

describe('themes', () => {
  const browser = useBrowser();

  it('theme switch: localhost versus terpel.localhost, changes logo, primary colour and language', async () => {
    const { page } = browser;

    const move = await loginPageLook(page, undefined);
    const terpel = await loginPageLook(page, 'terpel');

    expect(move.logo).toBe('/themes/move/logo-light.svg');
    expect(terpel.logo).toBe('/themes/terpel/logo-light.svg');
    expect(terpel.primary).not.toBe(move.primary);
    expect(move.heading).toBe('Entrar');
    expect(terpel.heading).toBe('Iniciar sesión');
    expect(move.lang).toBe('pt-BR');
    expect(terpel.lang).toBe('es-CO');
    expect(terpel.favicon).toBe('/themes/terpel/favicon.svg');
  });

  it('login footer: shows the tenant block only on the terpel theme', async () => {
    const { page } = browser;

    const move = await loginPageLook(page, undefined);
    const terpel = await loginPageLook(page, 'terpel');

    expect(move.footer).toBe(0);
    expect(terpel.footer).toBe(1);
  });

  it('terpel shell: when signed in, shows the terpel logo and Spanish menu', async () => {
    const { page } = browser;

    await signIn(page, logins.terpelOperator, 'terpel');

    expect(await page.locator('[data-testid="header-logo"]').getAttribute('src')).toBe('/themes/terpel/logo.svg');
    await page.getByRole('heading', { name: 'Vista general' }).waitFor();
  });

  it('reduced motion: asked for by the system, the user menu opens without its slide; without it, it slides', async () => {
    const { page } = browser;
    /**
     * Opens the user menu and answers the classes of an entering animation elements took on the way
     * (`-appear-active`: the popup's prepare step, used to align it, is not motion).
     */
    const menuSlides = async (p: Page) => {
      await p.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __motion: string[] }).__motion = seen;
        const note = (el: Element) => {
          const cls = el.getAttribute('class') ?? '';
          if (/-(enter|appear)-active\b/.test(cls)) seen.push(cls);
        };
        // A class changed on an element, or an element (and what it holds) inserted already moving:
        // on a busy machine the popup can be mounted with its entering class in one step.
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
            for (const added of r.addedNodes) {
              if (!(added instanceof Element)) continue;
              note(added);
              for (const inner of added.querySelectorAll('[class]')) note(inner);
            }
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      await p.locator('[data-testid="user-menu"]').click();
      await p.getByRole('menuitem', { name: 'Ver perfil' }).waitFor();
      return p.evaluate(() => (window as unknown as { __motion: string[] }).__motion);
    };
    await signIn(page, logins.admin);
    expect(await menuSlides(page)).toEqual([]);

    const moving = await page
      .context()
      .browser()!
      .newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        reducedMotion: 'no-preference',
      });
    try {
      const other = await moving.newPage();
      await signIn(other, logins.admin);
      expect((await menuSlides(other)).length).toBeGreaterThan(0);
    } finally {
      await moving.close();
    }
  });
});
