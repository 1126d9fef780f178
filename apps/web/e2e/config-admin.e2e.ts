import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, solveCaptcha, submitButton, waitForToast } from './support/auth';
import { rgbPng } from './support/png';
import { shoot } from './support/screenshots';
import { waitForAnimations, waitForStill } from './support/still';

/*
 * Network settings (/config) and network administration (/admin), issue 21 item 8, driven as the
 * administrator: a new network below the platform's, a host name for it, its brand (name, colours,
 * logo) seen on the sign-in page of that host, its QR token, field errors under their fields, the
 * audited history; and a module switched off for a network whose operator then loses the screen.
 */

interface AdminTenantRow {
  tenantPk: number;
  parentTenantPk: number | null;
  name: string;
  alias: string;
  theme: string;
  smsEnabled: boolean;
  invoicingEnabled: boolean;
  deviceReader: boolean;
  limits: { stations: number | null; users: number | null; monthlyReports: number | null };
  modules: { monetization: boolean; vouchers: boolean; smartCharging: boolean };
  hosts: { host: string }[];
}

const stamp = String(Date.now() % 1_000_000);
const network = { name: `Rede Volt ${stamp}`, alias: `rede-volt-${stamp}`, host: `volt-${stamp}` };
/** The brand set in /config, and what the browser computes from it. */
const brand = { name: `Volt ${stamp}`, primary: '#7c3aed', primaryRgb: 'rgb(124, 58, 237)', dark: '#1e1b4b' };

/** A 48 × 48 PNG in the new primary colour: the network's logo. */
function logoPng(): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 48 }, () => [124, 58, 237]).flat())]);
  return rgbPng(
    48,
    Array.from({ length: 48 }, () => row),
  );
}

async function tenantsOf(page: Page): Promise<AdminTenantRow[]> {
  const answer = await callApi<{ tenants: AdminTenantRow[] }>(page, '/api/admin/tenants');
  expect(answer.status).toBe(200);
  return answer.body.tenants;
}

/** The error text shown under the form field whose input has this id. */
function errorUnder(page: Page, inputId: string) {
  return page.locator('.ant-form-item', { has: page.locator(`#${inputId}`) }).locator('.ant-form-item-explain-error');
}

async function openAdmin(page: Page) {
  await page.goto(appUrl('/admin'));
  await page.locator('[data-testid="tenant-table"] tr[data-tenant]').first().waitFor();
}

describe('network administration and settings', () => {
  const browser = useBrowser();

  it('admin: creates a network below its own and gives it a host name; a taken host is refused under its field', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Administração', exact: true }).click();
    await page.locator('[data-testid="tenant-table"] tr[data-tenant]').first().waitFor();

    await page.getByTestId('tenant-create').click();
    await page.getByTestId('tenant-name').fill(network.name);
    expect(await page.getByTestId('tenant-alias').inputValue()).toBe(network.alias);
    await page.getByTestId('tenant-limit-stations').fill('5');
    await shoot(page, 'admin-new-network-1440', { fullPage: false });
    await page.getByTestId('tenant-save').click();
    await waitForToast(page, `Rede ${network.name} criada.`);

    const row = page.locator(`tr[data-tenant="${network.alias}"]`);
    await row.waitFor();
    expect(await row.locator('.usage').first().innerText()).toBe('0 / 5');
    const created = (await tenantsOf(page)).find((t) => t.alias === network.alias)!;
    expect(created).toMatchObject({ name: network.name, theme: 'move', limits: { stations: 5, users: null, monthlyReports: null } });

    await row.getByTestId('tenant-hosts').click();
    await page.getByTestId('host-name').fill('terpel.localhost');
    await page.getByTestId('host-submit').click();
    await expect.poll(() => errorUnder(page, 'host_host').innerText()).toBe('Este endereço já abre outra rede.');

    await page.getByTestId('host-name').fill(`${network.host}.localhost`);
    await page.getByTestId('host-submit').click();
    await waitForToast(page, `Endereço ${network.host}.localhost adicionado.`);
    await page.locator('[data-testid="host-row"]', { hasText: `${network.host}.localhost` }).waitFor();
    await shoot(page, 'admin-hosts-1440', { fullPage: false });
    expect((await tenantsOf(page)).find((t) => t.alias === network.alias)!.hosts.map((h) => h.host)).toEqual([`${network.host}.localhost`]);
  });

  it('config: a bad colour and a retention of 0 show under their fields, leaving asks first, the brand saves and is audited', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const tenantPk = (await tenantsOf(page)).find((t) => t.alias === network.alias)!.tenantPk;
    await page.goto(appUrl(`/config?tenant=${tenantPk}`));
    await page.getByTestId('brand-name').waitFor();
    await page.locator('.page-header__subtitle', { hasText: network.name }).waitFor();

    await page.getByTestId('primary-color').fill('#12');
    await page.getByTestId('primary-color').blur();
    await expect.poll(() => errorUnder(page, 'config_primaryColor').innerText()).toBe('Use uma cor no formato #RRGGBB.');
    await page.getByLabel('Retenção dos registros', { exact: true }).fill('0');
    await page.getByLabel('Retenção dos registros', { exact: true }).blur();
    await expect.poll(() => errorUnder(page, 'config_logRetentionDays').innerText()).toBe('Use de 1 a 3650 dias.');
    await page.getByTestId('config-save').click();
    await waitForToast(page, 'Revise os campos destacados.');
    // The failed save scrolls to the first error and puts the cursor there once the scroll ends.
    await waitForStill(page);

    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Estações', exact: true }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).waitFor();
    await page.getByTestId('leave-guard-stay').click();
    // Closing, the dialog gives the focus back to where it was: typing starts once it has.
    await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).waitFor({ state: 'hidden' });
    await waitForStill(page);
    expect(new URL(page.url()).pathname).toBe('/config');

    await page.getByTestId('brand-name').fill(brand.name);
    await page.getByTestId('primary-color').fill(brand.primary);
    await page.getByTestId('dark-color').fill(brand.dark);
    await page.getByLabel('Retenção dos registros', { exact: true }).fill('90');
    await expect
      .poll(() => page.locator('.brand-preview__button').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe(brand.primaryRgb);
    await page.getByTestId('config-save').click();
    await waitForToast(page, 'Configurações salvas.');
    await page.locator('[data-testid="config-save-bar"]', { hasText: 'Todas as alterações estão salvas' }).waitFor();

    const stored = await callApi<{ brandName: string; primaryColor: string; darkColor: string; logRetentionDays: number }>(
      page,
      `/api/config/?tenant=${tenantPk}`,
    );
    expect(stored.body).toMatchObject({ brandName: brand.name, primaryColor: brand.primary, darkColor: brand.dark, logRetentionDays: 90 });

    const entry = page.locator('[data-testid="config-audit"] [data-testid="audit-entry"]', { hasText: 'Configurações alteradas' }).first();
    await entry.waitFor();
    expect(await entry.innerText()).toContain('por Ana Administradora (admin@recarga.app)');
    const colour = entry.locator('[data-testid="audit-change"]', { hasText: 'Cor principal' });
    expect(await colour.locator('.audit-changes__before').innerText()).toBe('vazio');
    expect(await colour.locator('.audit-changes__after').innerText()).toBe(brand.primary);
    const retention = entry.locator('[data-testid="audit-change"]', { hasText: 'Retenção dos registros (dias)' });
    expect(await retention.locator('.audit-changes__before').innerText()).toBe('30');
    expect(await retention.locator('.audit-changes__after').innerText()).toBe('90');
  });

  it('config: the uploaded logo is served, and a new QR token shows once generated', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const tenantPk = (await tenantsOf(page)).find((t) => t.alias === network.alias)!.tenantPk;
    await page.goto(appUrl(`/config?tenant=${tenantPk}`));
    await page.getByTestId('logo-choose').waitFor();

    await page.getByTestId('logo-file').setInputFiles({ name: 'volt.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByTestId('logo-send').click();
    await waitForToast(page, 'Logo enviado.');
    await expect.poll(() => page.getByTestId('logo-image').getAttribute('src')).toMatch(new RegExp(`^/api/tenant-logos/${tenantPk}/`));
    const logoUrl = (await page.getByTestId('logo-image').getAttribute('src'))!;
    const served = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength };
    }, logoUrl);
    expect(served).toEqual({ status: 200, type: 'image/png', size: logoPng().length });

    const before = await callApi<{ qrToken: string | null }>(page, `/api/config/?tenant=${tenantPk}`);
    await page.getByTestId('qr-rotate').click();
    await page.getByTestId('qr-rotate-confirm').click();
    await waitForToast(page, 'Novo token gerado.');
    const after = await callApi<{ qrToken: string }>(page, `/api/config/?tenant=${tenantPk}`);
    expect(after.body.qrToken).toBeTruthy();
    expect(after.body.qrToken).not.toBe(before.body.qrToken);
    await expect.poll(() => page.getByTestId('qr-token').innerText()).toBe(after.body.qrToken);

    await page.locator('[data-testid="config-audit"] [data-testid="audit-entry"]', { hasText: 'Novo token de QR code' }).first().waitFor();
    await page.locator('[data-testid="config-audit"] [data-testid="audit-entry"]', { hasText: 'Logo enviado' }).first().waitFor();
    await shoot(page, 'config-1440');
    await page.setViewportSize({ width: 360, height: 740 });
    await waitForStill(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(page, 'config-360');
  });

  it('sign-in page of the network host: shows the brand name, colours and logo set in /config', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login', network.host));
    await page.locator('form').waitFor();
    await solveCaptcha(page);
    await waitForAnimations(submitButton(page));

    expect(await submitButton(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(brand.primaryRgb);
    expect(await page.evaluate(() => document.title)).toContain(brand.name);
    const logo = page.locator('.auth-brand__logo');
    expect(await logo.getAttribute('alt')).toBe(brand.name);
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/tenant-logos\/\d+\//);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    const panel = await page.locator('.auth-brand').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(panel).toContain('rgb(30, 27, 75)');
    await shoot(page, 'config-brand-sign-in-1440', { fullPage: false });
  });

  it('admin: switching the vouchers module off takes the screen from that network operator, menu and server alike', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const terpel = (await tenantsOf(page)).find((t) => t.alias === 'terpel')!;
    expect(terpel.modules.vouchers).toBe(true);
    try {
      await openAdmin(page);
      const row = page.locator('tr[data-tenant="terpel"]');
      await row.getByTestId('tenant-edit').click();
      await page.getByTestId('tenant-module-vouchers').click();
      await page.getByTestId('tenant-save').click();
      await waitForToast(page, `Rede ${terpel.name} salva.`);
      await expect.poll(() => row.getByTestId('row-module-vouchers').getAttribute('data-on')).toBe('false');
      await page
        .locator('[data-testid="admin-audit"] [data-testid="audit-entry"]', { hasText: 'Rede alterada' })
        .filter({ hasText: terpel.name })
        .first()
        .waitFor();
      await shoot(page, 'admin-1440');
      await page.setViewportSize({ width: 360, height: 740 });
      await waitForStill(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shoot(page, 'admin-360');
      await page.getByTestId('tenant-create').click();
      await page.getByTestId('tenant-name').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shoot(page, 'admin-new-network-360', { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByTestId('tenant-name').waitFor({ state: 'hidden' });

      const operator = await browser.context.newPage();
      await signIn(operator, logins.terpelOperator, 'terpel');
      const menu = operator.getByTestId('sidebar');
      await menu.getByRole('menuitem', { name: 'Vista general', exact: true }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Vouchers', exact: true }).count()).toBe(0);
      expect((await callApi(operator, '/api/vouchers/?page=1')).status).toBe(403);
      await operator.goto(appUrl('/vouchers', 'terpel'));
      await operator.getByTestId('no-permission').waitFor();
      await operator.close();
    } finally {
      // Other files use Terpel's vouchers: the module goes back on whatever happened above.
      const current = (await tenantsOf(page)).find((t) => t.alias === 'terpel')!;
      const restored = await callApi(page, `/api/admin/tenants/${terpel.tenantPk}`, {
        method: 'PUT',
        json: {
          parentTenantPk: current.parentTenantPk,
          name: current.name,
          alias: current.alias,
          theme: current.theme,
          smsEnabled: current.smsEnabled,
          invoicingEnabled: current.invoicingEnabled,
          deviceReader: current.deviceReader,
          limits: current.limits,
          modules: { ...current.modules, vouchers: true },
        },
      });
      expect(restored.status).toBe(200);
    }
  });
});
