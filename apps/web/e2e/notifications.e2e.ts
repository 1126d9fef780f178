import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BellResponse } from '@recarga/contracts/notifications';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { loginSession, logins, signIn, waitForToast } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, status, type StationClient } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { testServer } from './support/server';

/*
 * The header's bell: what the user has not read (per user, on the server), mark one or all read,
 * the OCPP error codes in words, which events pop up as toasts (faults and offline by default, or
 * the user's choice), and the panel on a phone. Events come from real OCPP messages of a station
 * of the host's network (the live topics are the host's).
 */

interface Lang {
  name: string;
  login: { email: string; password: string };
  host?: string;
  station: string;
  stationName: string;
  fault: string;
  groundFailure: string;
  highTemperature: string;
  overVoltage: string;
  available: string;
  toastFault: string;
  toastAvailable: string;
  toastOffline: string;
  markAll: string;
  allRead: string;
  oneUnread: string;
  markRead: string;
}

const ptBR: Lang = {
  name: 'pt-BR',
  login: logins.solOperator,
  station: 'MOVE-SP-003',
  stationName: 'Garagem Residencial Jardins (privada)',
  fault: 'Falha',
  groundFailure: 'Falha de aterramento',
  highTemperature: 'Temperatura alta',
  overVoltage: 'Sobretensão',
  available: 'Disponível',
  toastFault: 'acionou o evento Falha: Falha de aterramento',
  toastAvailable: 'acionou o evento Disponível',
  toastOffline: 'acionou o evento Desconectado',
  markAll: 'Marcar todas como lidas',
  allRead: 'Tudo lido',
  oneUnread: '1 não lida',
  markRead: 'Marcar como lida',
};

const esCO: Lang = {
  name: 'es-CO',
  login: logins.terpelOperator,
  host: 'terpel',
  station: 'TERPEL-BOG-002',
  stationName: 'Terpel Autopista Norte Calle 127',
  fault: 'Falla',
  groundFailure: 'Falla de conexión a tierra',
  highTemperature: 'Temperatura alta',
  overVoltage: 'Sobretensión',
  available: 'Disponible',
  toastFault: 'activó el evento Falla: Falla de conexión a tierra',
  toastAvailable: 'activó el evento Disponible',
  toastOffline: 'activó el evento Desconectado',
  markAll: 'Marcar todas como leídas',
  allRead: 'Todo leído',
  oneUnread: '1 sin leer',
  markRead: 'Marcar como leída',
};

const bellCount = (page: Page) => page.locator('[data-testid="bell-count"]');
const panel = (page: Page) => page.locator('[data-testid="notifications-panel"]');

async function openBell(page: Page) {
  await page.locator('[data-testid="notifications-button"]').click();
  await panel(page).waitFor();
}

/**
 * Sends `events` again until a toast with `text` shows: the page's live connection may not have
 * subscribed yet when the first ones are sent (a change of status or error code is a new event
 * each time, so the pair can repeat).
 */
async function sendUntilToast(page: Page, events: () => Promise<void>, text: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await events();
    try {
      await waitForToast(page, text);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/** Another user's bell, asked of the server with a session of that user's own. */
async function bellOf(login: { email: string; password: string }): Promise<BellResponse> {
  const { token } = await loginSession(login);
  const res = await fetch(`http://127.0.0.1:${testServer().port}/api/notification/bell/`, {
    headers: { platform: 'DASHBOARD', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as BellResponse;
}

async function restoreDefaults(page: Page) {
  const answer = await callApi(page, '/api/notification/preferences/', {
    method: 'PUT',
    json: { toastTypes: ['Failure', 'Disconnected'] },
  });
  expect(answer.status).toBe(200);
}

describe.each([ptBR, esCO])('bell at 1440, $name', (lang) => {
  const browser = useBrowser();

  it(
    'a fault toasts with its error in words; the bell lists it translated; mark all read empties the count, for good and for this user only; a chosen toast type is honoured',
    { timeout: 150_000 },
    async () => {
      const { page } = browser;
      await signIn(page, lang.login, lang.host, { at: null });
      await restoreDefaults(page);
      // Nothing unread to begin with: a count after the fault is the fault's.
      expect((await callApi(page, '/api/notification/read-all/', { method: 'POST' })).status).toBe(200);
      await page.goto(appUrl('/', lang.host));
      await page.locator('[data-testid="user-menu"]').waitFor();
      const c = await connectStation(lang.station, 'E2E bell');
      try {
        // Default preferences: a fault toasts, with its code in words.
        await sendUntilToast(
          page,
          async () => {
            await status(c, 1, 'Faulted', new Date(), 'GroundFailure');
            await status(c, 1, 'Available', new Date());
          },
          `${lang.stationName} ${lang.toastFault}`,
        );

        // The bell lists it translated, never the raw code, and counts it as unread.
        await expect.poll(async () => Number((await bellCount(page).textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
        await openBell(page);
        const first = panel(page).locator('.notification-item').first();
        await expect.poll(() => first.innerText(), { timeout: 15_000 }).toContain(lang.groundFailure);
        expect(await panel(page).innerText()).not.toContain('GroundFailure');
        expect(await first.getAttribute('data-read')).toBe('false');
        await shoot(page, `bell-panel-${lang.name}-1440`);

        // Mark all read: no count, and it stays so after a reload (stored on the server).
        await panel(page).getByRole('button', { name: lang.markAll }).click();
        await bellCount(page).waitFor({ state: 'detached', timeout: 15_000 });
        await panel(page).getByText(lang.allRead).waitFor();
        expect(await first.getAttribute('data-read')).toBe('true');
        await page.reload();
        await page.locator('[data-testid="user-menu"]').waitFor();
        expect((await callApi<BellResponse>(page, '/api/notification/bell/')).body.unreadCount).toBe(0);
        await openBell(page);
        await panel(page).getByText(lang.allRead).waitFor();
        expect(await bellCount(page).count()).toBe(0);
        // Read is per user: the administrator, who sees this network too, still has the fault unread.
        const admins = await bellOf(logins.admin);
        const fault = admins.notificationList.find((n) => n.chargeBoxId === lang.station && n.connectorErrorCode === 'GroundFailure');
        expect(fault?.read).toBe(false);
        expect(admins.unreadCount).toBeGreaterThan(0);

        // Choose: no toast for a fault, a toast when a connector is available again.
        await page.locator('[data-testid="notifications-settings"]').click();
        const failure = page.locator('[data-testid="toast-pref-Failure"] input');
        const available = page.locator('[data-testid="toast-pref-Available"] input');
        await failure.waitFor();
        expect(await failure.isChecked()).toBe(true);
        expect(await available.isChecked()).toBe(false);
        await shoot(page, `bell-preferences-${lang.name}-1440`);
        const saved = () =>
          page.waitForResponse((res) => res.url().includes('/api/notification/preferences/') && res.request().method() === 'PUT');
        let save = saved();
        await failure.click();
        expect((await save).status()).toBe(200);
        save = saved();
        await available.click();
        expect((await save).status()).toBe(200);
        await page.keyboard.press('Escape');

        // A fault (high temperature) then the connector available: the second toasts; once it has
        // shown, the first (sent before it on the same connection) would have shown too.
        await sendUntilToast(
          page,
          async () => {
            await status(c, 1, 'Faulted', new Date(), 'HighTemperature');
            await status(c, 1, 'Available', new Date());
          },
          `${lang.stationName} ${lang.toastAvailable}`,
        );
        expect(await page.locator('.ant-message-notice', { hasText: lang.highTemperature }).count()).toBe(0);
        expect(await page.locator('.ant-message-notice', { hasText: lang.fault }).count()).toBe(0);
        // The fault still reaches the bell, unread.
        await expect.poll(async () => Number((await bellCount(page).textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
        const prefs = await callApi<{ toastTypes: string[] }>(page, '/api/notification/preferences/');
        expect(prefs.body.toastTypes).toEqual(['Available', 'Disconnected']);
      } finally {
        await c.close();
        await restoreDefaults(page);
      }
    },
  );
});

describe.each([ptBR, esCO])('bell at 390, $name', (lang) => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it(
    'the panel opens inside the screen; marking one event read lowers the count by one; a station going offline toasts by default',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await signIn(page, lang.login, lang.host);
      // Everything read, then two new faults: exactly two unread events.
      expect((await callApi(page, '/api/notification/read-all/', { method: 'POST' })).status).toBe(200);
      // The station stays connected until the end: its closing socket is a Disconnected event, unread too.
      const c = await connectStation(lang.station, 'E2E bell phone');
      try {
        // Connector 1 (MOVE-SP-003 has no other): a new error code is a new fault event.
        await status(c, 1, 'Faulted', new Date(), 'OverVoltage');
        await status(c, 1, 'Faulted', new Date(), 'HighTemperature');
        await page.reload();
        await expect.poll(async () => bellCount(page).textContent(), { timeout: 20_000 }).toBe('2');
        await openBell(page);
        const box = await panel(page).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        expect(box!.width).toBeGreaterThan(300);
        expect(await scrollsSideways(page)).toBeNull();

        const unread = panel(page).locator('.notification-item[data-read="false"]', { hasText: lang.overVoltage }).first();
        await unread.waitFor();
        await shoot(page, `bell-panel-${lang.name}-390`);
        await unread.getByRole('button', { name: new RegExp(lang.markRead) }).click();
        // That one read, the other fault still unread.
        await expect.poll(async () => bellCount(page).textContent(), { timeout: 15_000 }).toBe('1');
        await panel(page).getByText(lang.oneUnread, { exact: true }).waitFor();
        expect(
          await panel(page).locator('.notification-item').filter({ hasText: lang.overVoltage }).first().getAttribute('data-read'),
        ).toBe('true');
        expect(
          await panel(page).locator('.notification-item').filter({ hasText: lang.highTemperature }).first().getAttribute('data-read'),
        ).toBe('false');
        const server = await callApi<BellResponse>(page, '/api/notification/bell/');
        expect(server.body.unreadCount).toBe(1);

        // The connector as the demo left it, for the files that use this station after.
        await status(c, 1, 'Available');

        // Offline toasts by default: the station going away pops up (again, each time a new
        // connection goes, until the page's live connection has subscribed).
        let next: StationClient | null = c;
        await sendUntilToast(
          page,
          async () => {
            const station = next ?? (await connectStation(lang.station, 'E2E bell phone'));
            next = null;
            await station.close();
          },
          `${lang.stationName} ${lang.toastOffline}`,
        );
        expect(await scrollsSideways(page)).toBeNull();
      } finally {
        await c.close();
      }
    },
  );
});
