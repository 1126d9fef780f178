import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PricingDetailForm, PricingDetailList } from '@recarga/contracts/dynamic-pricing';
import type { TransactionDetailResponse } from '@recarga/contracts/transactions';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { connectStation, meteredRecharge } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { clickInDialog, waitForStill } from './support/still';

/*
 * Dynamic pricing (002 §2–§5, §8) against the real server: a profile created in its dialog, a
 * weekday's prices and time windows, the clash of two windows, an exception added and removed, and
 * the saved values after a reload; the screens on a phone; and the breakdown of a recharge the
 * profile priced, in the transaction's detail.
 */

const SAVED = 'Perfil de Precificação atualizado com sucesso!';
const CLASH = 'Ja existe um período de tempo iniciando e terminando neste horário';
const PROFILE_PATH = /^\/dynamic-pricing\/[0-9a-f-]{36}$/;

/** Spaces as the page writes them (R$ and the amount are joined by a no-break space). */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Types a time or a date into a picker and confirms it with Enter. */
async function typeInPicker(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** No sideways scrolling of the page. */
async function fitsTheWidth(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(sizes.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.width);
}

/** The signed-in user's network. */
async function ownTenant(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('auth-user') ?? '{}') as { tenant_pk: number }).tenant_pk);
}

/** A profile made through the API, with the given details saved as its first version. */
async function aProfile(page: Page, name: string, details: PricingDetailForm[]): Promise<string> {
  const created = await callApi<{ data: { dynamicPricingUuid: string } }>(page, '/api/dynamic-pricing/', {
    method: 'POST',
    json: { name },
  });
  expect(created.status, created.text).toBe(200);
  const uuid = created.body.data.dynamicPricingUuid;
  const saved = await callApi(page, `/api/dynamic-pricing/${uuid}/detail/`, {
    method: 'PUT',
    json: { dynamicPricingDetailFormList: details },
  });
  expect(saved.status, saved.text).toBe(200);
  return uuid;
}

const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const monday: PricingDetailForm[] = [
  { dayOfWeek: 'MONDAY', general: true, exception: false, active: true, servicePrice: 300, kwhPrice: 150, operationFee: 0.1, taxes: 0.05 },
  { dayOfWeek: 'MONDAY', general: false, exception: false, active: true, startTime: '18:00:00', endTime: '21:00:00', kwhPrice: 250 },
  { dayOfWeek: 'TUESDAY', general: true, exception: false, active: false, durationPrice: 50 },
  { dayOfWeek: null, general: false, exception: true, active: true, startDate: '2027-02-06', endDate: '2027-02-10', kwhPrice: 100 },
];

describe('dynamic pricing', () => {
  const browser = useBrowser();

  it(
    'a profile: created, Monday priced with an evening window, a clashing window refused, an exception added and removed; all kept after a reload',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      const name = `Pico noturno ${Date.now()}`;
      const christmas = `${new Date().getFullYear() + 1}-12-25`;
      const christmasText = christmas.split('-').reverse().join('/');
      await signIn(page, logins.admin);

      // The list, and the create dialog: the name is required.
      await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Precificação dinâmica', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dynamic-pricing');
      await page.getByRole('heading', { name: 'Precificação dinâmica' }).waitFor();
      await page.getByTestId('create-profile').click();
      const dialog = page.getByRole('dialog', { name: 'Criar perfil' });
      await clickInDialog(dialog.getByRole('button', { name: 'Criar', exact: true }));
      await dialog.getByText('Preencha o nome do perfil').waitFor();
      await dialog.getByLabel('Nome do perfil').fill(name);
      await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
      await page.waitForURL((url) => PROFILE_PATH.test(url.pathname));
      const profileUrl = new URL(page.url()).pathname;
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText('Horários no fuso America/Sao_Paulo').waitFor();
      expect(plain(await page.getByTestId('weekday-monday').innerText())).toContain('Desativada');

      // Monday: switched on, its general prices and an evening window.
      await page.getByTestId('weekday-monday').getByRole('link', { name: 'Segunda-feira' }).click();
      await page.waitForURL((url) => url.pathname === `${profileUrl}/monday`);
      await page.getByRole('heading', { name: 'Segunda-feira' }).waitFor();
      await page.getByRole('switch', { name: 'Precificação dinâmica ativa' }).click();
      const general = page.locator('section', { has: page.getByRole('heading', { name: 'Regra geral do dia' }) });
      await general.getByRole('switch', { name: 'Ativar: Valor inicial' }).click();
      await general.getByLabel('Valor inicial', { exact: true }).fill('3');
      await general.getByRole('switch', { name: 'Ativar: Preço por kWh' }).click();
      // Typed as written, with the comma as the decimal separator; shown in the locale's format once left.
      await general.getByLabel('Preço por kWh', { exact: true }).fill('1,5');
      await general.getByLabel('Preço por kWh', { exact: true }).blur();
      expect(plain(await general.getByLabel('Preço por kWh', { exact: true }).inputValue())).toBe('1,50');
      // The duration price excludes the kWh price (002 §4), and the reverse.
      await general.getByRole('switch', { name: 'Ativar: Preço por tempo (minuto)' }).click();
      expect(await general.getByLabel('Preço por kWh', { exact: true }).inputValue()).toBe('');
      await general.getByRole('switch', { name: 'Ativar: Preço por kWh' }).click();
      await general.getByLabel('Preço por kWh', { exact: true }).fill('1,50');
      expect(await general.getByLabel('Preço por tempo (minuto)', { exact: true }).inputValue()).toBe('');
      await general.getByLabel('Operação (%)').fill('10');
      await general.getByLabel('Impostos (%)').fill('125');
      expect(await general.getByLabel('Impostos (%)').inputValue()).toBe('12,5');
      await general.getByLabel('Impostos (%)').fill('5');

      await page.getByTestId('window-add').click();
      const evening = page.getByTestId('window-0');
      await typeInPicker(evening.getByLabel('Início', { exact: true }), '18:00');
      await typeInPicker(evening.getByLabel('Término', { exact: true }), '21:00');
      await evening.getByRole('switch', { name: 'Ativar: Preço por kWh' }).click();
      await evening.getByLabel('Preço por kWh', { exact: true }).fill('2,50');
      await page.getByTestId('day-save').click();
      await waitForToast(page, SAVED);

      // A second window inside the first: the clash is said on it, and nothing is saved.
      await page.getByTestId('window-add').click();
      const inside = page.getByTestId('window-1');
      await typeInPicker(inside.getByLabel('Início', { exact: true }), '19:00');
      await typeInPicker(inside.getByLabel('Término', { exact: true }), '20:00');
      await inside.getByText(CLASH).waitFor();
      await inside.getByRole('switch', { name: 'Ativar: Preço por kWh' }).click();
      await inside.getByLabel('Preço por kWh', { exact: true }).fill('4');
      await page.getByTestId('day-save').click();
      await inside.getByText(CLASH).waitFor();
      await shoot(page, 'dynamic-pricing-day-clash');
      await inside.getByTestId('window-1-remove').click();
      // Leaving with the change unsaved asks first.
      await page.getByRole('button', { name: 'Voltar ao perfil' }).click();
      await page.getByTestId('leave-guard-leave').click();
      await page.waitForURL((url) => url.pathname === profileUrl);

      const mondayRow = page.getByTestId('weekday-monday');
      await mondayRow.getByText('18:00–21:00').waitFor();
      const mondayText = plain(await mondayRow.innerText());
      for (const value of ['R$ 3,00', 'R$ 1,50', '10%', '5%', 'Ativa']) expect(mondayText).toContain(value);

      // An exception on Christmas day, then removed after confirming.
      await page.getByTestId('exception-add').click();
      await page.waitForURL((url) => url.pathname === `${profileUrl}/exception`);
      await page.getByRole('heading', { name: 'Nova exceção' }).waitFor();
      await page.getByTestId('exception-save').click();
      await page.getByText('Selecione o dia').waitFor();
      await typeInPicker(page.locator('#startDate'), christmasText);
      await page.getByRole('switch', { name: 'Ativar: Preço por kWh' }).click();
      await page.getByLabel('Preço por kWh', { exact: true }).fill('1');
      await shoot(page, 'dynamic-pricing-exception');
      await page.getByTestId('exception-save').click();
      await waitForToast(page, SAVED);
      await page.waitForURL((url) => url.pathname === profileUrl);
      const item = page.getByTestId(`exception-${christmas}`);
      await item.waitFor();
      expect(plain(await item.innerText())).toContain('R$ 1,00 por kWh');
      await shoot(page, 'dynamic-pricing-profile');

      await item.getByRole('button', { name: `Remover a exceção de ${christmasText}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: `Deseja mesmo remover a exceção do dia ${christmasText}?` });
      await confirm.getByRole('button', { name: 'Cancelar' }).waitFor();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await waitForToast(page, SAVED);
      await item.waitFor({ state: 'detached' });

      // Reloaded: what was saved, as the server keeps it (three saves, three versions).
      await page.reload();
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText('Versão 3 das regras').waitFor();
      await page.getByTestId('weekday-monday').getByText('18:00–21:00').waitFor();
      expect(plain(await page.getByTestId('weekday-monday').innerText())).toContain('R$ 1,50');
      expect(await page.getByTestId(`exception-${christmas}`).count()).toBe(0);
      await page.getByText('Nenhuma exceção cadastrada.').waitFor();
      await page.getByTestId('weekday-monday').getByRole('link', { name: 'Segunda-feira' }).click();
      await page.getByRole('heading', { name: 'Segunda-feira' }).waitFor();
      expect(plain(await page.getByTestId('general-servicePrice').inputValue())).toBe('3,00');
      expect(await page.getByTestId('general-taxes').inputValue()).toBe('5');
      expect(await page.getByTestId('window-0').getByLabel('Início', { exact: true }).inputValue()).toBe('18:00');
      expect(await page.getByTestId('window-1').count()).toBe(0);

      // And the list counts it, unapplied, at its third version.
      await page.goto(appUrl('/dynamic-pricing'));
      const card = page.getByRole('link', { name: new RegExp(name) });
      await card.waitFor();
      expect(plain(await card.innerText())).toContain('Nenhum carregador aplicado');
      expect(plain(await card.innerText())).toContain('Versão 3');
      await shoot(page, 'dynamic-pricing-list');
    },
  );

  it('a Colombian operator (es-CO): a weekday price typed "1200" is 1.200 pesos, shown without centavos and stored as 120000 hundredths', async () => {
    const { page } = browser;
    await signIn(page, logins.terpelOperator, 'terpel', { at: null });
    const name = `Tarifa Bogotá ${Date.now()}`;
    const uuid = await aProfile(page, name, [
      { dayOfWeek: 'MONDAY', general: true, exception: false, active: true, durationPrice: 100, operationFee: 0, taxes: 0 },
    ]);
    await page.goto(appUrl(`/dynamic-pricing/${uuid}/monday`, 'terpel'));
    await page.getByRole('heading', { name: 'Lunes' }).waitFor();
    const general = page.locator('section', { has: page.getByRole('heading', { name: 'Regla general del día' }) });
    await general.getByRole('switch', { name: 'Activar: Precio por kWh' }).click();
    const kwh = general.getByLabel('Precio por kWh', { exact: true });
    // Every digit counts (it stayed "$ 0" when pesos were typed as centavos).
    await kwh.pressSequentially('1200');
    expect(await kwh.inputValue()).toBe('1200');
    await kwh.blur();
    expect(plain(await kwh.inputValue())).toBe('1.200');
    await shoot(page, 'dynamic-pricing-cop-price');
    await page.setViewportSize({ width: 390, height: 844 });
    await fitsTheWidth(page);
    await shoot(page, 'dynamic-pricing-cop-price-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('day-save').click();
    await waitForToast(page, '¡Perfil de precios actualizado con éxito!');
    const saved = await callApi<PricingDetailList>(page, `/api/dynamic-pricing/${uuid}/detail/`);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.currency).toBe('COP');
    const monday = saved.body.dynamicPricingDetailList.find((d) => d.dayOfWeek === 'MONDAY' && d.general);
    expect(monday?.kwhPrice).toBe(120000);
    // Pasted with the grouping point, the same amount.
    await kwh.fill('');
    await kwh.fill('1.200');
    await kwh.blur();
    expect(plain(await kwh.inputValue())).toBe('1.200');
  });

  it(
    'a recharge priced by a profile: its segments in the transaction’s detail, with the profile and version',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      const chargeBoxId = 'E2E-DP-01';
      await signIn(page, logins.admin, undefined, { at: null });
      // The recharge starts now, in São Paulo's wall-clock: a window from the next hour on, when the day allows.
      const start = new Date(Date.now() + 10_000);
      const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'long', hour: 'numeric', hourCycle: 'h23' });
      const parts = Object.fromEntries(local.formatToParts(start).map((p) => [p.type, p.value]));
      const weekday = parts.weekday!.toUpperCase() as (typeof weekdays)[number];
      const hour = Number(parts.hour);
      const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
      const details: PricingDetailForm[] = weekdays.map((day) => ({
        dayOfWeek: day,
        general: true,
        exception: false,
        active: true,
        servicePrice: 200,
        kwhPrice: 150,
        operationFee: 0.1,
        taxes: 0.05,
      }));
      if (hour <= 21) {
        details.push({
          dayOfWeek: weekday,
          general: false,
          exception: false,
          active: true,
          startTime: hh(hour + 1),
          endTime: hh(hour + 2),
          kwhPrice: 250,
        });
      }
      const name = `Tarifa por horário ${Date.now()}`;
      const profile = await aProfile(page, name, details);

      const created = await callApi(page, '/api/chargepoints/', {
        method: 'POST',
        json: {
          chargeBoxId,
          description: 'Estação de Precificação',
          typeOf: 'PUBLIC',
          showLocation: false,
          locationLatitude: null,
          locationLongitude: null,
          address: { street: 'Rua dos Preços', city: 'São Paulo', state: 'SP' },
          connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
        },
      });
      expect(created.status === 200 || created.status === 409 || created.text.includes('already exists'), created.text).toBe(true);
      const stations = await callApi<{ chargePointList: { chargeBoxPk: number; chargeBoxId: string }[] }>(
        page,
        `/api/chargepoints?page=1&searchInput=${chargeBoxId}`,
      );
      const chargeBoxPk = stations.body.chargePointList.find((s) => s.chargeBoxId === chargeBoxId)!.chargeBoxPk;
      const group = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
        method: 'POST',
        json: {
          name: `E2E preços ${Date.now() % 100000}`,
          description: 'Estação da precificação dinâmica',
          tenant_id: await ownTenant(page),
          charge_boxs: [chargeBoxPk],
          dynamic_pricing: {
            enabled: true,
            connector1_dynamic_pricing_id: profile,
            connector2_dynamic_pricing_id: profile,
            connector3_dynamic_pricing_id: profile,
          },
        },
      });
      expect(group.status, group.text).toBe(200);

      let transactionId = 0;
      try {
        const station = await connectStation(chargeBoxId, 'E2E-Pricing');
        try {
          transactionId = await meteredRecharge(station, {
            connectorId: 1,
            idTag: '04A1B2C3D4',
            startAt: start,
            chargeMinutes: 150,
            kw: 11,
            samples: 10,
          });
        } finally {
          await station.close();
        }
        await expect
          .poll(
            async () => {
              const answer = await callApi<TransactionDetailResponse>(page, `/api/transaction/${transactionId}/`);
              return answer.body.transaction?.composition?.breakdown?.profile ?? null;
            },
            { timeout: 20_000 },
          )
          .toBe(name);
      } finally {
        // The group goes: other files count the groups of a fresh server; the priced recharge keeps its breakdown.
        await callApi(page, `/gateway/virtual-groups/${group.body.virtual_group_id}`, { method: 'DELETE' });
      }

      await page.goto(appUrl(`/transactions?search=${transactionId}`));
      await page.locator(`[data-testid="tx-expand-${transactionId}"]`).click();
      const breakdown = page.getByTestId('tx-breakdown');
      await breakdown.waitFor();
      const text = plain(await breakdown.innerText());
      expect(text).toContain(name);
      expect(text).toContain('versão 1');
      expect(text).toContain('Horários no fuso America/Sao_Paulo');
      if (hour <= 21) expect(text).toMatch(new RegExp(`\\b[a-zç]+ ${hh(hour + 1).slice(0, 5)}–${hh(hour + 2).slice(0, 5)}`));
      await breakdown.scrollIntoViewIfNeeded();
      await shoot(page, 'dynamic-pricing-breakdown', { fullPage: false, scrollToTop: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await waitForStill(page);
      await fitsTheWidth(page);
      await breakdown.scrollIntoViewIfNeeded();
      await shoot(page, 'dynamic-pricing-breakdown-390', { fullPage: false, scrollToTop: false });
    },
  );
});

describe('dynamic pricing on a phone', () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it('the list, a profile, a day and an exception: nothing scrolls the page sideways', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const uuid = await aProfile(page, `Celular ${Date.now()}`, monday);

    await page.goto(appUrl('/dynamic-pricing'));
    await page.getByTestId('pricing-profiles').waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'dynamic-pricing-list-390');

    await page.goto(appUrl(`/dynamic-pricing/${uuid}`));
    await page.getByTestId('weekday-monday').getByText('18:00–21:00').waitFor();
    await page.getByTestId('exception-2027-02-06').waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'dynamic-pricing-profile-390');

    await page
      .getByTestId('exception-2027-02-06')
      .getByRole('button', { name: /^Editar a exceção/ })
      .click();
    await page.getByRole('heading', { name: 'Editar exceção' }).waitFor();
    expect(await page.locator('#endDate').inputValue()).toBe('10/02/2027');
    await fitsTheWidth(page);
    await shoot(page, 'dynamic-pricing-exception-390');

    await page.goto(appUrl(`/dynamic-pricing/${uuid}/monday`));
    await page.getByTestId('window-0').waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'dynamic-pricing-day-390');

    await page.goto(appUrl(`/dynamic-pricing/${uuid}/someday`));
    await page.getByTestId('pricing-not-found').waitFor();
  });
});
