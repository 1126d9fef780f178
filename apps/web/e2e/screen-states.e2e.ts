import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { openStationEntry, postStation, stationEntry } from './support/stations';

/*
 * Screens that contradicted themselves (issue 40 items 13, 18, 22): the stations list showing a
 * server error and "no stations yet" together, config's "Salvar alterações" enabled beside "all
 * changes are saved", a station's firmware and diagnostics reports missing from its card, and the
 * cookie bar over the financial selection footer. Each in pt-BR at 1440 px and es-CO at 390 px.
 */

const stamp = String(Date.now() % 1_000_000);

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  host: string | undefined;
  /** The financial footer's gap to the window's bottom edge (smaller on a phone). */
  footerGap: number;
  texts: {
    stationsError: string;
    stationsEmpty: string;
    retry: string;
    allSaved: string;
    unsaved: string;
    save: string;
    discard: string;
    firmware: string;
    diagnostics: string;
  };
}

const variants: Variant[] = [
  {
    name: 'pt-BR-1440',
    viewport: { width: 1440, height: 900 },
    host: undefined,
    footerGap: 16,
    texts: {
      stationsError: 'Não foi possível carregar as estações.',
      stationsEmpty: 'Não há registros de estações',
      retry: 'Tentar novamente',
      allSaved: 'Todas as alterações estão salvas',
      unsaved: 'Há alterações não salvas',
      save: 'Salvar alterações',
      discard: 'Descartar',
      firmware: 'Instalando em ',
      diagnostics: 'Enviado em ',
    },
  },
  {
    name: 'es-CO-390',
    viewport: { width: 390, height: 844 },
    host: 'terpel',
    footerGap: 8,
    texts: {
      stationsError: 'No fue posible cargar las estaciones.',
      stationsEmpty: 'No hay registros de estaciones',
      retry: 'Intentar de nuevo',
      allSaved: 'Todos los cambios están guardados',
      unsaved: 'Hay cambios sin guardar',
      save: 'Guardar cambios',
      discard: 'Descartar',
      firmware: 'Instalando el ',
      diagnostics: 'Enviado el ',
    },
  },
];

const saveButton = (page: Page) => page.getByTestId('config-save');

describe('screens that said two things at once', () => {
  const browser = useBrowser();

  for (const v of variants) {
    it(`${v.name}: after a server error the stations list shows the error and a retry, never "no stations yet"`, async () => {
      const { page } = browser;
      await page.setViewportSize(v.viewport);
      await signIn(page, logins.admin, v.host, { at: null });
      await page.route('**/api/chargepoints/?*page=*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL', message: 'Internal error' }),
        }),
      );
      await page.goto(appUrl('/stations', v.host));
      await page.getByText(v.texts.stationsError).waitFor({ timeout: 30_000 });
      expect(await page.getByText(v.texts.stationsEmpty).count()).toBe(0);
      expect(await scrollsSideways(page)).toBeNull();
      await shoot(page, `stations-error-${v.name}`, { fullPage: false });

      await page.unroute('**/api/chargepoints/?*page=*');
      await page.getByRole('button', { name: v.texts.retry }).first().click();
      await stationEntry(page).first().waitFor();
      expect(await page.getByText(v.texts.stationsError).count()).toBe(0);
    });

    it(`${v.name}: config's save button is enabled only while something is unsaved`, async () => {
      const { page } = browser;
      await page.setViewportSize(v.viewport);
      await signIn(page, logins.admin, v.host, { at: null });
      const tenants = await callApi<{ tenants: { tenantPk: number; alias: string }[] }>(page, '/api/admin/tenants');
      const tenantPk = tenants.body.tenants.find((x) => x.alias === (v.host ?? 'sol'))!.tenantPk;
      await page.goto(appUrl(`/config?tenant=${tenantPk}`, v.host));
      const bar = page.getByTestId('config-save-bar');
      await bar.getByText(v.texts.allSaved).waitFor();
      expect(await saveButton(page).isDisabled()).toBe(true);

      const name = page.getByTestId('brand-name');
      const before = await name.inputValue();
      await name.fill(`${before} ${stamp}`.slice(0, 30).trim());
      await bar.getByText(v.texts.unsaved).waitFor();
      expect(await saveButton(page).isEnabled()).toBe(true);
      expect(await saveButton(page).innerText()).toContain(v.texts.save);
      await shoot(page, `config-unsaved-${v.name}`, { fullPage: false, scrollToTop: false });

      await bar.getByRole('button', { name: v.texts.discard }).click();
      await bar.getByText(v.texts.allSaved).waitFor();
      expect(await saveButton(page).isDisabled()).toBe(true);
      expect(await scrollsSideways(page)).toBeNull();
    });

    it(`${v.name}: a station's last firmware and diagnostics reports, with their time, are on its card`, async () => {
      const { page } = browser;
      await page.setViewportSize(v.viewport);
      await signIn(page, logins.admin, v.host, { at: null });
      const chargeBoxId = `FW-${v.name.slice(0, 2).toUpperCase()}-${stamp}`;
      const created = await postStation(page, { chargeBoxId, description: `Firmware ${v.name}`, street: 'Rua do Firmware' });
      expect(created.status, created.text).toBe(200);
      const station = await connectStation(chargeBoxId);
      try {
        await station.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
        await station.call('FirmwareStatusNotification', { status: 'Installing' });
      } finally {
        await station.close();
      }
      await page.goto(appUrl(`/stations?search=${chargeBoxId}`, v.host));
      await openStationEntry(page, chargeBoxId);
      const card = page.getByTestId(`station-card-${chargeBoxId}`);
      const firmware = card.getByTestId('station-firmware-status');
      await expect.poll(() => firmware.innerText()).toContain(v.texts.firmware);
      // 'Instalando em 29/11/2026 12:34': the status and a date and time.
      expect(await firmware.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(await card.getByTestId('station-diagnostics-status').innerText()).toContain(v.texts.diagnostics);
      expect(await scrollsSideways(page)).toBeNull();
      await firmware.scrollIntoViewIfNeeded();
      await shoot(page, `station-card-firmware-${v.name}`, { fullPage: false, scrollToTop: false });
    });
  }
});

describe('cookie bar over the financial screen', () => {
  const browser = useBrowser({ acceptCookies: false });

  for (const v of variants) {
    it(`${v.name}: until cookies are accepted, the selection footer sticks above the cookie bar`, async () => {
      const { page } = browser;
      await page.setViewportSize(v.viewport);
      await signIn(page, logins.admin, v.host, { at: null });
      const today = new Date();
      const from = new Date(today.getTime() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      await page.goto(appUrl(`/financial?tab=deposits&from=${from}&to=${today.toISOString().slice(0, 10)}`, v.host));
      const bar = page.getByTestId('cookie-bar');
      await bar.waitFor();
      const box = page.locator('.fin-table tbody .ant-checkbox-input').first();
      await box.waitFor({ timeout: 30_000 });
      await box.check();
      const footer = page.getByTestId('fin-selection');
      await footer.waitFor();
      // The footer sticks to the window's bottom: scrolled to the top of a long list it is at the
      // bottom of the window, where the bar is.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect
        .poll(async () => {
          const [f, b] = await Promise.all([footer.boundingBox(), bar.boundingBox()]);
          return f && b ? Math.round(f.y + f.height) <= Math.round(b.y) : false;
        })
        .toBe(true);
      // Wherever the list ends, the footer's sticking point is the bar's height and its 32 px of gap above its own gap.
      const barHeight = Math.ceil((await bar.boundingBox())!.height);
      const stickAt = () => footer.evaluate((el) => getComputedStyle(el).bottom);
      expect(await stickAt()).toBe(`${v.footerGap + barHeight + 32}px`);
      await shoot(page, `financial-footer-cookie-bar-${v.name}`, { fullPage: false, scrollToTop: false });

      await bar.getByRole('button').click();
      await bar.waitFor({ state: 'detached' });
      // Without the bar, the footer sticks at its own gap above the window's edge again.
      await expect.poll(stickAt).toBe(`${v.footerGap}px`);
    });
  }
});
