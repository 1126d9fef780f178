import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { callApi } from './support/api';
import { postStation } from './support/stations';
import { logins, signIn, waitForToast } from './support/auth';
import { shoot, shootElement } from './support/screenshots';
import { useSimulator } from './support/simulator';

const STATION = 'E2E-OPS-01';
const TAG = '04A1B2C3D4';
/** A station the list finds by searching the server (its description has a word no other station has). */
const SEARCHED = 'E2E-OPS-BUSCA';
/** A station with reservations enabled (the station form's flag). */
const RESERVABLE = 'E2E-OPS-RES';

/** Registers the station the tests command (once per server). */
async function ensureStation(page: Page, chargeBoxId = STATION, extra: { reservation?: boolean; description?: string } = {}) {
  const { description = 'Estação de Operações', ...flags } = extra;
  const created = await postStation(page, { chargeBoxId, description, street: 'Rua das Operações', connectors: 2, ...flags });
  // Registered already (an earlier test of this run): the server refuses the id as taken.
  const exists = created.status === 409 || (created.status === 400 && created.text.includes('already exists'));
  expect(created.status === 200 || exists, created.text).toBe(true);
  if (exists && extra.reservation !== undefined) {
    // The flag is set through the form's PUT.
    const list = await callApi<{ chargePointList: { chargeBoxPk: number; chargeBoxId: string }[] }>(
      page,
      `/api/chargepoints?page=1&searchInput=${encodeURIComponent(chargeBoxId)}`,
    );
    const pk = list.body.chargePointList.find((s) => s.chargeBoxId === chargeBoxId)?.chargeBoxPk;
    expect(pk, `${chargeBoxId} in the station list`).toBeTruthy();
    const updated = await callApi(page, `/api/chargepoints/${pk}/`, { method: 'PUT', json: { reservation: extra.reservation } });
    expect(updated.status, updated.text).toBe(200);
  }
}

/** v1.6, a command from the menu, the station moved to the selected list. */
async function chooseCommand(page: Page, command: string, chargeBoxId = STATION) {
  await page.goto(appUrl('/operations/v16'));
  await page.getByRole('menuitem', { name: command, exact: true }).click();
  await page.locator('.operations-form-card .ant-card-head-title', { hasText: command }).waitFor();
  const transfer = page.locator('.operations-transfer');
  const [available, chosen] = [
    transfer.locator('.operations-transfer__section').first(),
    transfer.locator('.operations-transfer__section').nth(1),
  ];
  await available.getByPlaceholder('Buscar estações').fill(chargeBoxId);
  await available.locator('.ant-transfer-list-content-item', { hasText: chargeBoxId }).click();
  await transfer.locator('.operations-transfer__actions button').first().click();
  await chosen.locator('.ant-transfer-list-content-item', { hasText: chargeBoxId }).waitFor();
}

/** Picks the option of the select labelled `label` whose text matches. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('remote operations', () => {
  const browser = useBrowser();
  const simulators = useSimulator();

  it('get configuration: the task follows live, and the keys are shown', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page);
    await simulators.start({ chargeBoxId: STATION, connectors: 2, idTags: [TAG] });
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Operações', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/operations');

    await chooseCommand(page, 'Obter configuração');
    // The list is long and virtual: typing narrows it to the key.
    await page.getByLabel('Chaves de configuração').fill('HeartbeatInterval');
    await page.locator('.ant-select-item-option', { hasText: 'HeartbeatInterval' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Enviar' }).click();

    await waitForToast(page, 'Comando enviado.');
    const progress = page.getByTestId('task-progress');
    await progress.getByText('Concluída').waitFor({ timeout: 20_000 });
    await progress.getByRole('button', { name: 'Detalhes' }).click();
    const dialog = page.getByRole('dialog', { name: `Configuração de ${STATION}` });
    await dialog.getByText('HeartbeatInterval').waitFor();
    await shoot(page, 'operations-get-configuration', { fullPage: false });
  });

  it('choosing a command: its form replaces the other within the click, before any other input is handled', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/operations/v16' });
    const form = page.locator('.operations-form-card .ant-card-head-title');
    await form.getByText('Alterar disponibilidade', { exact: true }).waitFor();
    // The click and the reading in one task of the page: a navigation left to a transition is drawn later.
    const title = await page.evaluate(() => {
      const item = [...document.querySelectorAll<HTMLElement>('.operations-menu .ant-menu-item')].find(
        (el) => el.textContent === 'Reservar agora',
      );
      item?.click();
      return [document.querySelector('.operations-form-card .ant-card-head-title')?.textContent, location.pathname];
    });
    expect(title).toEqual(['Reservar agora', '/operations/reserve_now']);
  });

  it('remote start: a transaction appears on the station; the task history lists it', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    await ensureStation(page);
    const simulator = await simulators.start({ chargeBoxId: STATION, connectors: 2, idTags: [TAG] });

    await chooseCommand(page, 'Iniciar recarga remota');
    await page.getByLabel('ID do conector').click();
    await page.locator('.ant-select-item-option', { hasText: /^1$/ }).click();
    await page.getByLabel('Tag OCPP', { exact: true }).fill(TAG);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await waitForToast(page, 'Comando enviado.');
    await page.getByTestId('task-progress').getByText('Concluída').waitFor({ timeout: 20_000 });

    await expect.poll(() => simulator.transactions.length, { timeout: 20_000 }).toBe(1);
    await page.goto(appUrl('/operations/tasks'));
    const first = page.locator('tr.ant-table-row').first();
    await first.getByText('Iniciar recarga remota').waitFor();
    expect(await first.innerText()).toContain('1 respondeu');
    expect(await first.innerText()).not.toContain('falh');
  });

  it('station list: the search goes to the server, and a station it finds is chosen and commanded', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    await ensureStation(page, SEARCHED, { description: 'Posto Jabuticabeira Operações' });
    await page.goto(appUrl('/operations/v16'));
    await page.getByRole('menuitem', { name: 'Limpar cache', exact: true }).click();
    const transfer = page.locator('.operations-transfer');
    const [available, chosen] = [
      transfer.locator('.operations-transfer__section').first(),
      transfer.locator('.operations-transfer__section').nth(1),
    ];
    await available.locator('.ant-transfer-list-content-item').first().waitFor();

    // Two words, accents and case ignored: the server answers the search, a page of it at most.
    const searched = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return (
        url.pathname === '/api/operations/v1.6/clear_cache/' &&
        url.searchParams.get('searchInput') === 'JABUTICABEIRA operacoes' &&
        url.searchParams.get('size') === '100'
      );
    });
    await available.getByPlaceholder('Buscar estações').fill('JABUTICABEIRA operacoes');
    const answer = (await (await searched).json()) as { chargePointSelectList: { chargeBoxId: string }[]; count: number };
    expect(answer.chargePointSelectList.map((s) => s.chargeBoxId)).toEqual([SEARCHED]);
    expect(answer.count).toBe(1);
    await expect
      .poll(() => available.locator('.ant-transfer-list-content-item').allInnerTexts())
      .toEqual([expect.stringContaining(SEARCHED)]);

    await available.locator('.ant-transfer-list-content-item', { hasText: SEARCHED }).click();
    await transfer.locator('.operations-transfer__actions button').first().click();
    await chosen.locator('.ant-transfer-list-content-item', { hasText: SEARCHED }).waitFor();

    // Another search that does not find it: the chosen side keeps it, and the server is told it is chosen.
    const again = page.waitForRequest((req) => {
      const url = new URL(req.url());
      return url.searchParams.get('searchInput') === 'E2E-OPS-01' && url.searchParams.get('chargeBoxIds') === SEARCHED;
    });
    await available.getByPlaceholder('Buscar estações').fill('E2E-OPS-01');
    await again;
    await available.locator('.ant-transfer-list-content-item', { hasText: SEARCHED }).waitFor({ state: 'detached' });
    await chosen.getByText('Posto Jabuticabeira Operações').waitFor();
    await shootElement(page.locator('.operations-columns'), 'operations-station-search');

    const sent = page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/api/operations/v1.6/clear_cache/'));
    await page.getByRole('button', { name: 'Enviar' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ chargePointSelectList: [SEARCHED] });
    await waitForToast(page, 'Comando enviado.');
    await page.getByTestId('task-progress').waitFor();
  });

  it('charging profile: created in its form, set on the station, and the station’s power drops', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    await ensureStation(page);
    const simulator = await simulators.start({ chargeBoxId: STATION, connectors: 2, idTags: [TAG] });
    const before = simulator.powerLimitW(1);

    await page.goto(appUrl('/operations/charging_profile'));
    await page.getByRole('button', { name: 'Novo perfil de recarga' }).click();
    await page.waitForURL((url) => url.pathname === '/charging_profile/create');
    await page.getByRole('heading', { name: 'Criando perfil de recarga' }).waitFor();
    await page.getByLabel('Descrição').fill('Limite 3 kW');
    await page.getByLabel('Finalidade').click();
    await page.locator('.ant-select-item-option', { hasText: 'Padrão das recargas' }).click();
    await page.getByLabel('Tipo', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Relativo' }).click();
    await page.getByLabel('Limite').fill('3000');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await waitForToast(page, 'Charging Profile criado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/operations/charging_profile', { timeout: 10_000 });
    await page.getByRole('link', { name: 'Limite 3 kW' }).first().waitFor();

    await chooseCommand(page, 'Aplicar perfil de recarga');
    await page.getByLabel('Perfil de recarga', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Limite 3 kW' }).first().click();
    await page.getByLabel('ID do conector').click();
    await page.locator('.ant-select-item-option', { hasText: /^1$/ }).click();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('task-progress').getByText('Concluída').waitFor({ timeout: 20_000 });

    expect(before).toBeGreaterThan(3000);
    await expect.poll(() => simulator.powerLimitW(1), { timeout: 20_000 }).toBeLessThanOrEqual(3000);
  });

  it(
    'reserve now, then cancel it: the station holds the reservation, the cancel list offers it and the station lets it go',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      await ensureStation(page, RESERVABLE, { reservation: true });
      const simulator = await simulators.start({ chargeBoxId: RESERVABLE, connectors: 2, idTags: [TAG] });

      await chooseCommand(page, 'Reservar agora', RESERVABLE);
      await pick(page, 'ID do conector', /^1$/);
      await page.getByLabel('Tag OCPP', { exact: true }).fill(TAG);
      // The end of the reservation is an hour from now unless changed.
      expect(await page.getByLabel('Fim da reserva').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await waitForToast(page, 'Comando enviado.');
      const progress = page.getByTestId('task-progress');
      await progress.getByText('Concluída').waitFor({ timeout: 20_000 });
      await progress.getByRole('cell', { name: 'Aceito', exact: true }).waitFor();
      await expect.poll(() => simulator.connector(1).reservationId, { timeout: 10_000 }).toBeGreaterThan(0);
      const reservationId = simulator.connector(1).reservationId!;
      await shoot(page, 'operations-reserve-now', { waitForToasts: true });

      await chooseCommand(page, 'Cancelar reserva', RESERVABLE);
      await pick(page, 'Reserva', `#${reservationId} · conector 1 · ${TAG}`);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await waitForToast(page, 'Comando enviado.');
      await progress.getByText('Concluída').waitFor({ timeout: 20_000 });
      await progress.getByRole('cell', { name: 'Aceito', exact: true }).waitFor();
      await expect.poll(() => simulator.connector(1).reservationId, { timeout: 10_000 }).toBeUndefined();

      // Cancelled, it is no longer offered.
      await page.getByLabel('Reserva', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByText('Nenhuma reserva aberta nas estações selecionadas').waitFor();
    },
  );
});
