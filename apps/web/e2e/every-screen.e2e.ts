import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { shoot } from './support/screenshots';
import { waitForStill } from './support/still';
import { foreignOn, foreignTexts, interfaceKeys, keysOn } from './support/language';

/*
 * Every route, visited once and checked at three widths. On a phone (360 and 390 px) nothing scrolls
 * the page sideways, no heading grows taller than three lines and no title is cut short; the list of routes is checked
 * against the route table, so a new screen is visited too. On a 1440 px desktop the main screens
 * speak one language (support/language.ts): a Brazilian operator sees no English or Spanish, a
 * Colombian no English or Portuguese. One load serves all three checks: loads were most of the time.
 */

const routeTable = readFileSync(new URL('../src/app/route-table.tsx', import.meta.url), 'utf8');
const tablePaths = [...routeTable.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);

/** The signed-in screens; `:id` is filled with a real record by `fill`. */
const privatePaths = [
  '/',
  '/stations',
  '/stations/create',
  '/stations/edit/:id',
  '/stations/plug-share',
  '/stations/delete/:id',
  '/station_groups',
  '/station_groups/create',
  '/station_groups/edit/:id',
  '/users',
  '/users/create',
  '/user/:id',
  '/ocpptags',
  '/ocpptags/create',
  '/ocpptags/edit/:id',
  '/ocpptags/delete/:id',
  '/transactions',
  '/transactions/:id/payment/edit',
  '/cancel-idle-payment',
  '/users_data/tenant_parent/cpf',
  '/financial',
  '/indicators',
  '/alerts',
  '/operations',
  '/operations/:view',
  '/charging_profile/create',
  '/charging_profile/edit/:id',
  '/dynamic-pricing',
  '/dynamic-pricing/:id',
  '/dynamic-pricing/:id/exception',
  '/dynamic-pricing/:id/:weekday',
  '/virtual-groups',
  '/virtual-groups/create',
  '/virtual-groups/chargeboxes/select',
  '/virtual-groups/view/:id',
  '/virtual-groups/edit/:id',
  '/virtual-groups/edit/:id/chargeboxes',
  '/vouchers',
  '/vouchers/create',
  '/vouchers/create/select_users',
  '/vouchers/edit/:id/select_users',
  '/voucher/:id',
  '/voucher/:id/edit',
  '/log',
  '/support',
  '/push_notification',
  '/config',
  '/admin',
];
/** Routes with a parameter that is not a record: each of these addresses is visited. */
const viewsOf: Record<string, string[]> = {
  '/operations/:view': [
    '/operations/v16',
    '/operations/v15',
    '/operations/tasks',
    '/operations/charging_profile',
    '/operations/remote_start',
  ],
};
const publicPaths = [
  '/auth/login',
  '/auth/register',
  '/auth/recover',
  '/auth/recover/change',
  '/terms-of-use',
  '/privacy-policy',
  '/not-found',
  '/ocpptags/unknown',
  '/qrcode/start/:chargeBoxId/:connectorId',
  '/three-ds-authentication',
  '/contact',
];
/** Public routes with parameters: the address visited (a demo station's first connector). */
const publicAddress: Record<string, string> = { '/qrcode/start/:chargeBoxId/:connectorId': '/qrcode/start/MOVE-SP-001/1' };

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

interface LayoutProblem {
  what: string;
  detail: string;
}

/** Sideways scrolling of the page, headings over three lines and titles cut short, as the page stands now. */
async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { what: string; detail: string }[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      // Name the widest elements, to say what pushes the page out.
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.getClientRects().length > 0)
        .filter((el) => !el.closest('.ant-table-content, .ant-table-body, [data-scroll-x]'))
        .slice(0, 4)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`);
      problems.push({ what: 'page scrolls sideways', detail: `${root.scrollWidth}px > ${window.innerWidth}px: ${wide.join(', ')}` });
    }
    for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, [role="heading"]')) {
      const box = heading.getBoundingClientRect();
      if (box.height === 0) continue;
      const style = getComputedStyle(heading);
      const line = style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.25 : parseFloat(style.lineHeight);
      const lines = box.height / line;
      if (lines > 3.2)
        problems.push({ what: 'heading over three lines', detail: `"${heading.innerText.slice(0, 60)}" ${lines.toFixed(1)} lines` });
    }
    // A title cut short (an ellipsis or a clipped box) hides what the screen or card is.
    for (const title of document.querySelectorAll<HTMLElement>('h1, h2, h3, [role="heading"], .ant-card-head-title, .ant-modal-title')) {
      if (title.getClientRects().length === 0 || title.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(title);
      // An inline box does not clip, and a 1 px box is a title for screen readers only.
      if (style.display === 'inline' || title.clientWidth <= 1) continue;
      const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clips && title.scrollWidth > title.clientWidth + 1)
        problems.push({ what: 'title cut', detail: `"${title.innerText.slice(0, 60)}" ${title.scrollWidth}px in ${title.clientWidth}px` });
    }
    return problems;
  });
}

const desktop = { width: 1440, height: 900 };

/** The main screens read for another language's words at the desktop width (every menu entry is shown there). */
const languageRoutes = new Set([
  '/',
  '/stations',
  '/station_groups',
  '/transactions',
  '/indicators',
  '/alerts',
  '/stations/create',
  '/users',
  '/ocpptags',
  '/operations',
  '/financial',
  '/vouchers',
  '/log',
  '/config',
  '/dynamic-pricing',
  '/virtual-groups',
  '/push_notification',
  '/support',
]);

/** The language a pass reads its screens for, and the other locales' texts that must not show. */
interface LanguageCheck {
  code: string;
  foreign: Set<string>;
  /** The language's text keys: one shown means its namespace was not loaded (every screen is read for them). */
  keys: Set<string>;
}

/** No loader, skeleton or spinner on the page (the card-payment bridge's own spinner is its page). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('.page-loader, .ant-skeleton-active, .ant-spin-spinning:not(.three-ds *)'),
    null,
    { timeout: 20_000 },
  );
  await waitForStill(page);
}

/**
 * Opens the address once and checks it at both phone widths: the width it was loaded at first, then
 * the other after a resize (the next address loads at that one, so each width is also a load width).
 * A main screen of a language pass is then read at the desktop width for foreign words.
 */
async function visit(page: Page, path: string, host?: string, language?: LanguageCheck): Promise<string[]> {
  await page.goto(appUrl(path, host));
  await page.locator('#root *').first().waitFor();
  const loadedAt = page.viewportSize()?.width;
  const order = loadedAt === phones[1]!.width ? [phones[1]!, phones[0]!] : phones;
  if (loadedAt !== order[0]!.width) await page.setViewportSize(order[0]!);
  const problems: string[] = [];
  const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-home';
  for (const viewport of order) {
    if (viewport.width !== page.viewportSize()?.width) await page.setViewportSize(viewport);
    await settled(page);
    const found = await layoutProblems(page);
    problems.push(...found.map((p) => `${path} at ${viewport.width} px: ${p.what}: ${p.detail}`));
    await shoot(page, `phone-${viewport.width}${host ? `-${host}` : ''}${slug}`, { fullPage: false });
  }
  if (language) problems.push(...(await keysOn(page, path, language.keys)));
  if (language && languageRoutes.has(path)) {
    await page.setViewportSize(desktop);
    await settled(page);
    problems.push(...(await foreignOn(page, path, language.code, language.foreign)));
    // The next address loads at the phone width measured last.
    await page.setViewportSize(order[1]!);
  }
  return problems;
}

describe('every screen', () => {
  it('the visited routes are the route table', () => {
    expect([...privatePaths, ...publicPaths].sort()).toEqual([...tablePaths].sort());
  });

  const browser = useBrowser({ viewport: phones[0] });

  it('public and sign-in pages: no sideways scrolling, headings of three lines at most', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const path of publicPaths) problems.push(...(await visit(browser.page, publicAddress[path] ?? path)));
    expect(problems).toEqual([]);
  });

  it(
    'signed-in screens (pt-BR): no sideways scrolling, headings of three lines at most; no Spanish or English on a main screen, no icon named in English, no ISO date',
    { timeout: 300_000 },
    async () => {
      const { page } = browser;
      const language = { code: 'br', foreign: foreignTexts('br', ['en', 'es-CO']), keys: interfaceKeys('br') };
      // The English texts operators met and a Spanish one are among those looked for.
      for (const text of ['Station started', 'Heartbeat', 'Available', 'Intentar de nuevo'])
        expect(language.foreign.has(text), text).toBe(true);
      await signIn(page, logins.admin, undefined, { at: null });
      const stations = await callApi<{ chargePointList: { chargeBoxPk: number }[] }>(page, '/api/chargepoints?page=1');
      const groups = await callApi<{ chargePointGroupList: { chargeBoxGroupPk: number }[] }>(page, '/api/chargepoint-groups/?page=1');
      const transactions = await callApi<{ list: { id: number }[] }>(
        page,
        `/api/transaction/?page=1&size=10&fromDate=${new Date(Date.now() - 300 * 86_400_000).toISOString()}&toDate=${new Date().toISOString()}&timeZone=UTC`,
      );
      const tags = await callApi<{ ocppTagList: { ocppTagPk: number }[] }>(page, '/api/ocpptags/?page=1');
      const profile = await callApi<{ chargingProfilePk: number }>(page, '/api/charging_profiles/', {
        method: 'POST',
        json: {
          description: 'Limite noturno',
          stackLevel: 0,
          chargingProfilePurpose: 'TX_DEFAULT_PROFILE',
          chargingProfileKind: 'RELATIVE',
          chargingRateUnit: 'W',
          schedulePeriodMap: [{ startPeriodInSeconds: 0, powerLimitInAmperes: 7400 }],
        },
      });
      const pricing = await callApi<{ data: { dynamicPricingUuid: string } }>(page, '/api/dynamic-pricing/', {
        method: 'POST',
        json: { name: `Perfil do celular ${Date.now()}` },
      });
      const group = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
        method: 'POST',
        json: { name: `Celular ${Date.now() % 100_000}`, description: 'Configuração vista no celular' },
      });
      const vouchers = await callApi<{ results: { voucher_pk: number }[] }>(page, '/api/vouchers/?page=1');
      const session = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-user') ?? 'null') as { id: number } | null);
      const ids: Record<string, number | string | undefined> = {
        '/stations/edit/:id': stations.body.chargePointList[0]?.chargeBoxPk,
        '/stations/delete/:id': stations.body.chargePointList[0]?.chargeBoxPk,
        '/station_groups/edit/:id': groups.body.chargePointGroupList[0]?.chargeBoxGroupPk,
        '/user/:id': session?.id,
        '/ocpptags/edit/:id': tags.body.ocppTagList[0]?.ocppTagPk,
        '/ocpptags/delete/:id': tags.body.ocppTagList[0]?.ocppTagPk,
        '/charging_profile/edit/:id': profile.body.chargingProfilePk,
        // Without a recharge yet (this file alone), the screen's not-found state is checked instead.
        '/transactions/:id/payment/edit': transactions.body.list?.[0]?.id ?? 1,
        '/dynamic-pricing/:id': pricing.body.data.dynamicPricingUuid,
        '/dynamic-pricing/:id/exception': pricing.body.data.dynamicPricingUuid,
        '/dynamic-pricing/:id/:weekday': pricing.body.data.dynamicPricingUuid,
        '/virtual-groups/view/:id': group.body.virtual_group_id,
        '/virtual-groups/edit/:id': group.body.virtual_group_id,
        '/virtual-groups/edit/:id/chargeboxes': group.body.virtual_group_id,
        '/vouchers/edit/:id/select_users': vouchers.body.results[0]?.voucher_pk,
        '/voucher/:id': vouchers.body.results[0]?.voucher_pk,
        '/voucher/:id/edit': vouchers.body.results[0]?.voucher_pk,
      };
      const problems: string[] = [];
      for (const path of privatePaths) {
        if (viewsOf[path]) {
          for (const address of viewsOf[path]) problems.push(...(await visit(page, address, undefined, language)));
          continue;
        }
        const id = ids[path];
        if (path.includes(':id')) expect(id, `a record for ${path}`).toBeTruthy();
        problems.push(...(await visit(page, path.replace(':id', String(id)).replace(':weekday', 'monday'), undefined, language)));
      }
      // The group goes: other files count the groups of a fresh server.
      await callApi(page, `/gateway/virtual-groups/${group.body.virtual_group_id}`, { method: 'DELETE' });
      expect(problems).toEqual([]);
    },
  );

  it(
    'a Spanish brand (Terpel, es-CO): its screens fit the phone too; no Portuguese or English on a main screen',
    { timeout: 240_000 },
    async () => {
      const { page } = browser;
      const language = { code: 'es-CO', foreign: foreignTexts('es-CO', ['en', 'br']), keys: interfaceKeys('es-CO') };
      for (const text of ['Tentar novamente', 'Salvar', 'Available']) expect(language.foreign.has(text), text).toBe(true);
      await signIn(page, logins.terpelOperator, 'terpel', { at: null });
      const problems: string[] = [];
      for (const path of privatePaths.filter((p) => !p.includes(':'))) problems.push(...(await visit(page, path, 'terpel', language)));
      expect(problems).toEqual([]);
    },
  );

  for (const viewport of phones)
    it(`the menu at ${viewport.width} px: behind a button in the header, opening a drawer with the screens`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await signIn(page, logins.admin);
      expect(await page.locator('[data-testid="sidebar"]').isVisible()).toBe(false);

      await page.locator('[data-testid="menu-button"]').click();

      const drawer = page.locator('#mobile-menu');
      await drawer.getByRole('menuitem', { name: 'Transações', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/transactions');
    });
});
