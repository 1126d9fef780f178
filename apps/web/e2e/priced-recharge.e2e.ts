import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PricingDetailForm } from '@recarga/contracts/dynamic-pricing';
import type { TransactionDetailResponse } from '@recarga/contracts/transactions';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { connectStation, startRecharge, status, type StationClient } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { clickInDialog, waitForStill } from './support/still';

/*
 * Issue 17's whole flow in the browser, against the real server and a charge point speaking OCPP
 * 1.6: a pricing profile made on its screens (tomorrow's weekday with a window from midnight to
 * 01:00, today as an exception), a virtual group pricing per connector (connector 2 by that
 * profile, 1 and 3 by another), then a recharge on connector 2 from now until 01:30 tomorrow. It
 * crosses the exception's end at midnight and the window's end at 01:00, so it is priced in three
 * segments; the bill is the amount worked out by hand below, and the transaction's detail shows
 * the breakdown.
 *
 * Dates: the rules are the tenant's wall clock (America/Sao_Paulo for the admin's network), and a
 * profile prices a recharge with the version in force when it STARTED — so the recharge must start
 * after the last save, i.e. now. Instead of freezing time, the rules are placed around "now": the
 * exception is TODAY (whatever day that is) and the window is on TOMORROW's weekday, and the meter
 * readings are sent exactly at the segment edges. The energy in each segment is then fixed, and
 * so is the figure, whatever the hour of the run (the hand arithmetic uses no durations: every
 * price here is per kWh). Only the last minutes before midnight are avoided (the day must not
 * turn between saving the exception and starting the recharge).
 *
 * The figure, by hand (minor units, BRL cents; each line rounded half-up once, 002 §3, issue 17):
 *
 *   Start rule = today's exception: start fee R$ 2,00, operation 0 %, taxes 10 %.
 *     start fee                                   200
 *     its operation fee   0 % × 200              =   0
 *     its tax            10 % × (200 + 0)        =  20
 *   Segment 1, now → 00:00, exception (R$ 0,80/kWh, op 0 %, taxes 10 %), 6,000 kWh:
 *     energy              6 × 80                  = 480
 *     operation fee       0 % × 480               =   0
 *     tax                10 % × 480              =  48
 *   Segment 2, 00:00 → 01:00, tomorrow's window (R$ 2,50/kWh, op 10 %, taxes 5 %), 11,000 kWh:
 *     energy             11 × 250                 = 2750
 *     operation fee      10 % × 2750              =  275
 *     tax                 5 % × (2750 + 275) = 151,25 → 151
 *   Segment 3, 01:00 → 01:30, tomorrow's general rule (R$ 1,50/kWh, op 10 %, taxes 5 %), 4,500 kWh
 *   (its start value of R$ 5,00 is not charged: the start fee is the start rule's):
 *     energy              4,5 × 150                =  675
 *     operation fee      10 % × 675 = 67,5        →   68
 *     tax                 5 % × (675 + 68) = 37,15 →   37
 *
 *   start fee 200 + energy (480 + 2750 + 675 = 3905) + operation fees (0 + 275 + 68 = 343)
 *   + taxes (20 + 48 + 151 + 37 = 256) = 4704 → R$ 47,04.
 *
 * Had connector 2 been priced by the other profile (R$ 9,99/kWh every day), or by the station's
 * own settings, the figure would be far from this one.
 */

const CHARGER = 'E2E-PR-01';
const ID_TAG = '04A1B2C3D4';
const SAVED = 'Perfil de Precificação atualizado com sucesso!';

/** The figures worked out above (cents). */
const expected = {
  startFee: 200,
  energy: 3905,
  operationalFee: 343,
  tax: 256,
  total: 4704,
  segments: [
    { kwh: '6,00', amount: 'R$ 4,80', fee: 'R$ 0,00', tax: 'R$ 0,48' },
    { kwh: '11,00', amount: 'R$ 27,50', fee: 'R$ 2,75', tax: 'R$ 1,51' },
    { kwh: '4,50', amount: 'R$ 6,75', fee: 'R$ 0,68', tax: 'R$ 0,37' },
  ],
};
/** The energy register (Wh) at the segment edges: 6 kWh, then 11 kWh, then 4.5 kWh. */
const REGISTER = { midnight: 6_000, oneAm: 17_000, stop: 21_500 };

const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
type Weekday = (typeof weekdays)[number];

/** Spaces as the page writes them (R$ and the amount are joined by a no-break space). */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A wall clock in a zone: its date, weekday and minute of the day. */
function wallClock(zone: string, at: number): { date: string; weekday: Weekday; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday!.toUpperCase() as Weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant a zone's clock reads `date` at `minute` (two rounds of "wall minus offset": exact outside a DST jump). */
function instantOf(zone: string, date: string, minute: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const offsetAt = (at: number) => {
    const w = wallClock(zone, at);
    return Date.parse(`${w.date}T00:00:00Z`) + w.minute * 60_000 - Math.floor(at / 60_000) * 60_000;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return guess;
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

/** Types a time or a date into a picker and confirms it with Enter. */
async function typeInPicker(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** Turns a price on with its switch and types it as written; once left, the field shows it in the locale's format. */
async function price(scope: Locator, label: string, typed: string, shown: string) {
  await scope.getByRole('switch', { name: `Ativar: ${label}` }).click();
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(typed);
  await input.blur();
  await expect.poll(async () => plain(await input.inputValue())).toBe(shown);
}

/**
 * Picks `option` in the select labelled `label`, and waits until its list has closed. The option is
 * typed into the select's search, not looked for in its list: the list draws only the rows in view,
 * and the profiles other files made on this server can push the option out of them.
 */
async function pick(page: Page, label: string, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(option);
  await open.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => open.count()).toBe(0);
}

/** One MeterValues with the energy register (and the power, for the chart). */
async function reading(c: StationClient, transactionId: number, at: number, wh: number, watts: number) {
  await c.call('MeterValues', {
    connectorId: 2,
    transactionId,
    meterValue: [
      {
        timestamp: new Date(at).toISOString(),
        sampledValue: [
          { value: String(watts), measurand: 'Power.Active.Import', unit: 'W' },
          { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        ],
      },
    ],
  });
}

/** The money as the screens write it in pt-BR. */
const brl = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

describe('a recharge priced by dynamic pricing, from the screens to the bill', () => {
  const browser = useBrowser();

  it(
    'profile → tomorrow’s window → today’s exception → group priced per connector → a recharge on connector 2 across midnight: billed R$ 47,04, with its breakdown',
    // Up to 11 minutes of it may be waiting for midnight to pass (see below).
    { timeout: 900_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const run = Date.now() % 1_000_000;
      const profileName = `Tarifa E2E ${run}`;
      const otherName = `Tarifa cheia E2E ${run}`;

      // 1. The profile, in its dialog.
      await page.goto(appUrl('/dynamic-pricing'));
      await page.getByTestId('create-profile').click();
      const dialog = page.getByRole('dialog', { name: 'Criar perfil' });
      await dialog.getByLabel('Nome do perfil').fill(profileName);
      await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
      await page.waitForURL((url) => /^\/dynamic-pricing\/[0-9a-f-]{36}$/.test(url.pathname));
      const profilePath = new URL(page.url()).pathname;
      const uuid = profilePath.split('/')[2]!;
      await page.getByRole('heading', { name: profileName }).waitFor();
      const zone = (await callApi<{ timeZone: string }>(page, `/api/dynamic-pricing/${uuid}/detail/`)).body.timeZone;

      // Today and tomorrow in the network's zone; the last minutes of a day are waited out, so
      // that today is still today when the recharge starts (a condition, polled).
      await expect.poll(() => wallClock(zone, Date.now()).minute, { timeout: 11 * 60_000, interval: 5_000 }).toBeLessThan(24 * 60 - 10);
      const today = wallClock(zone, Date.now()).date;
      const tomorrow = nextDate(today);
      const tomorrowDay = wallClock(zone, instantOf(zone, tomorrow, 12 * 60)).weekday;
      const slug = tomorrowDay.toLowerCase();
      const dayName = await page.getByTestId(`weekday-${slug}`).getByRole('link').innerText();

      // 2. Tomorrow's weekday: switched on, its general prices and a window from midnight to 01:00.
      await page.getByTestId(`weekday-${slug}`).getByRole('link').click();
      await page.waitForURL((url) => url.pathname === `${profilePath}/${slug}`);
      await page.getByRole('switch', { name: 'Precificação dinâmica ativa' }).click();
      const general = page.locator('section', { has: page.getByRole('heading', { name: 'Regra geral do dia' }) });
      await price(general, 'Valor inicial', '5', '5,00');
      await price(general, 'Preço por kWh', '1,50', '1,50');
      await general.getByLabel('Operação (%)').fill('10');
      await general.getByLabel('Impostos (%)').fill('5');
      await page.getByTestId('window-add').click();
      const window0 = page.getByTestId('window-0');
      await typeInPicker(window0.getByLabel('Início', { exact: true }), '00:00');
      await typeInPicker(window0.getByLabel('Término', { exact: true }), '01:00');
      await price(window0, 'Preço por kWh', '2,5', '2,50');
      await window0.getByLabel('Operação (%)').fill('10');
      await window0.getByLabel('Impostos (%)').fill('5');
      await page.getByTestId('day-save').click();
      await waitForToast(page, SAVED);
      await page.getByRole('button', { name: 'Voltar ao perfil' }).click();
      await page.waitForURL((url) => url.pathname === profilePath);
      await page.getByTestId(`weekday-${slug}`).getByText('00:00–01:00').waitFor();

      // 3. Today as an exception: a single day, with its own start value and kWh price.
      await page.getByTestId('exception-add').click();
      await page.waitForURL((url) => url.pathname === `${profilePath}/exception`);
      await typeInPicker(page.locator('#startDate'), ddmmyyyy(today));
      const prices = page.locator('section', { has: page.getByRole('heading', { name: 'Preços' }) });
      await price(prices, 'Valor inicial', '2', '2,00');
      await price(prices, 'Preço por kWh', '0,80', '0,80');
      await prices.getByLabel('Impostos (%)').fill('10');
      await page.getByTestId('exception-save').click();
      await waitForToast(page, SAVED);
      await page.waitForURL((url) => url.pathname === profilePath);
      await page.getByTestId(`exception-${today}`).waitFor();
      await page.getByText('Versão 2 das regras').waitFor();
      await shoot(page, 'priced-recharge-profile');

      // The other profile (connectors 1 and 3) and the station, arranged through the API.
      const other = await callApi<{ data: { dynamicPricingUuid: string } }>(page, '/api/dynamic-pricing/', {
        method: 'POST',
        json: { name: otherName },
      });
      expect(other.status, other.text).toBe(200);
      const everyDay: PricingDetailForm[] = weekdays.map((day) => ({
        dayOfWeek: day,
        general: true,
        exception: false,
        active: true,
        kwhPrice: 999,
      }));
      const otherSaved = await callApi(page, `/api/dynamic-pricing/${other.body.data.dynamicPricingUuid}/detail/`, {
        method: 'PUT',
        json: { dynamicPricingDetailFormList: everyDay },
      });
      expect(otherSaved.status, otherSaved.text).toBe(200);
      // The station goes to the network of this address (its api key), which the group then names.
      const tenants = await callApi<{ tenantList: { tenant_pk: number; name: string; apiKey: string }[] }>(page, '/api/tenants/');
      const apiKey = await page.evaluate(() => localStorage.getItem('api-key'));
      const network = tenants.body.tenantList.find((x) => x.apiKey === apiKey);
      expect(network, 'the network of the address').toBeTruthy();
      const station = await callApi(page, '/api/chargepoints/', {
        method: 'POST',
        json: {
          tenantPk: network!.tenant_pk,
          chargeBoxId: CHARGER,
          description: 'Estação da tarifa por horário',
          typeOf: 'PUBLIC',
          showLocation: false,
          locationLatitude: null,
          locationLongitude: null,
          address: { street: 'Rua das Tarifas', city: 'São Paulo', state: 'SP' },
          connectors: [
            { connectorId: 1, connectorTypePk: 2, powerMax: 22000 },
            { connectorId: 2, connectorTypePk: 2, powerMax: 22000 },
          ],
        },
      });
      expect(station.status, station.text).toBe(200);

      // 4. The group, on its form: the charger from the picker, pricing per connector.
      await page.goto(appUrl('/virtual-groups/create'));
      await page.getByLabel('Nome da configuração').fill(`E2E Tarifa ${run}`);
      await page.getByLabel('Descrição').fill('Conector 2 pela tarifa por horário');
      await pick(page, 'Rede', network!.name);
      await page.getByTestId('vg-choose-chargers').click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups/chargeboxes/select');
      await page.getByTestId('vg-charger-search').fill(CHARGER);
      await page.locator('[data-testid="vg-charger-table"] tr.ant-table-row', { hasText: CHARGER }).waitFor();
      await page.getByLabel(`Selecionar ${CHARGER}`).check();
      await expect.poll(() => page.getByTestId('vg-selected-count').innerText()).toBe('1 selecionado');
      await page.getByTestId('vg-picker-done').click();
      await page.getByTestId('vg-chosen').getByText(CHARGER).waitFor();
      await page.getByLabel('Precificação dinâmica').click();
      await page.locator('label.ant-radio-button-wrapper', { hasText: 'Por conector' }).click();
      await pick(page, 'Conector 1', otherName);
      await pick(page, 'Conector 2', profileName);
      await pick(page, 'Conector 3', otherName);
      await page.getByTestId('vg-submit').click();
      const created = page.getByRole('dialog', { name: 'Configuração cadastrada com sucesso!' });
      await created.waitFor();
      await clickInDialog(created.getByTestId('vg-created-open'));
      await page.waitForURL((url) => /^\/virtual-groups\/view\/\d+$/.test(url.pathname));
      const groupId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByText(`Conector 2: ${profileName}`).waitFor();
      await page.getByText(`Conector 1: ${otherName}`).waitFor();

      let transactionId = 0;
      try {
        // 5. The recharge on connector 2: from now (after the last save) to 01:30 tomorrow,
        //    readings at midnight and at 01:00 (the segment edges).
        const start = Date.now() + 2_000;
        const midnight = instantOf(zone, tomorrow, 0);
        const oneAm = instantOf(zone, tomorrow, 60);
        const stop = instantOf(zone, tomorrow, 90);
        expect(wallClock(zone, start).date, 'the recharge starts today').toBe(today);
        const c = await connectStation(CHARGER, 'E2E-Tarifa');
        try {
          transactionId = await startRecharge(c, 2, ID_TAG, new Date(start));
          await reading(c, transactionId, start, 0, 11_000);
          await reading(c, transactionId, midnight, REGISTER.midnight, 11_000);
          await reading(c, transactionId, oneAm, REGISTER.oneAm, 9_000);
          await c.call('StopTransaction', {
            transactionId,
            meterStop: REGISTER.stop,
            timestamp: new Date(stop).toISOString(),
            reason: 'EVDisconnected',
          });
          await status(c, 2, 'Finishing', new Date(stop));
          await status(c, 2, 'Available', new Date(stop + 30_000));
        } finally {
          await c.close();
        }

        // 6. Billed at the figure worked out by hand (the server prices a stop from its queue).
        const priced = async () =>
          (await callApi<TransactionDetailResponse>(page, `/api/transaction/${transactionId}/`)).body.transaction?.composition ?? null;
        await expect.poll(async () => (await priced())?.total ?? null, { timeout: 30_000 }).toBe(expected.total);
        const composition = (await priced())!;
        expect({
          startFee: composition.startFee,
          energy: composition.energy,
          operationalFee: composition.operationalFee,
          tax: composition.tax,
          total: composition.total,
        }).toEqual({
          startFee: expected.startFee,
          energy: expected.energy,
          operationalFee: expected.operationalFee,
          tax: expected.tax,
          total: expected.total,
        });
        expect(composition.breakdown?.profile).toBe(profileName);
        expect(composition.breakdown?.version).toBe(2);
        expect(composition.breakdown?.segments.map((s) => [s.kind, s.energyWh])).toEqual([
          ['exception', 6_000],
          ['window', 11_000],
          ['day', 4_500],
        ]);
      } finally {
        // The group goes (other files count the groups of a fresh server); the bill keeps its breakdown.
        await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
      }

      // 7. The transaction's detail: the composition and the breakdown by segment.
      await page.goto(appUrl(`/transactions?search=${transactionId}`));
      await page.locator(`[data-testid="tx-expand-${transactionId}"]`).click();
      const detail = page.getByTestId(`tx-detail-${transactionId}`);
      const composition = detail.locator('.tx-composition');
      await composition.waitFor();
      const line = async (label: string) =>
        plain(
          await composition
            .locator('.tx-composition__line', { has: page.getByText(label, { exact: true }) })
            .locator('dd')
            .innerText(),
        );
      expect(await line('Tarifa de início')).toBe(brl(expected.startFee));
      expect(await line('Energia')).toBe(brl(expected.energy));
      expect(await line('Taxa operacional')).toBe(brl(expected.operationalFee));
      expect(await line('Impostos')).toBe(brl(expected.tax));
      expect(await line('Total')).toBe('R$ 47,04');

      const breakdown = detail.getByTestId('tx-breakdown');
      expect(plain(await breakdown.innerText())).toContain(`${profileName} · versão 2`);
      const rows = breakdown.locator('tbody tr');
      expect(await rows.count()).toBe(3);
      const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map(plain);
      for (const [i, s] of expected.segments.entries()) expect(await cells(i)).toEqual([s.kwh, s.amount, s.fee, s.tax]);
      const period = async (i: number) => plain(await rows.nth(i).locator('th').innerText());
      expect(await period(0)).toMatch(new RegExp(`^\\d{2}:\\d{2}–00:00 exceção ${ddmmyyyy(today).replace(/\//g, '\\/')}$`));
      expect(await period(1)).toMatch(/^00:00–01:00 \S+ 00:00–01:00$/);
      expect(await period(2)).toBe(`01:00–01:30 ${dayName.toLowerCase()}`);
      await breakdown.scrollIntoViewIfNeeded();
      await shoot(page, 'priced-recharge-breakdown', { fullPage: false, scrollToTop: false });

      // On a phone: the breakdown scrolls in its own box, never the page.
      await page.setViewportSize({ width: 390, height: 844 });
      await waitForStill(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.width);
      await breakdown.scrollIntoViewIfNeeded();
      await shoot(page, 'priced-recharge-breakdown-390', { fullPage: false, scrollToTop: false });
    },
  );
});
