import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Voucher, VoucherHistoryItem, VoucherListItem } from '@recarga/contracts/vouchers';
import { callApi } from './support/api';
import { postStation } from './support/stations';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, recharge, status } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { clickInDialog, waitForStill } from './support/still';

/*
 * Vouchers (002 §2, issue 20) as the administrator, against the real server and a charge point
 * speaking OCPP 1.6. The recharge is made at a station of this file only (E2E-VC-01, Move's
 * network, R$ 2,00 per kWh, no start fee, no tax), and the voucher is limited to it, so no other
 * browser test's bill is touched by it. The figures, by hand (BRL cents):
 *
 *   voucher: MONEY_RECHARGE, R$ 25,00 a copy, 2 copies (Júlia and Marcos), total value R$ 50,00
 *   Júlia's recharge, 10 kWh × 200 = 2000 → R$ 20,00, all of it paid by her copy
 *   her balance 2500 − 2000 = 500 → R$ 5,00 (the copy is not used up: consumed quantity 0)
 *   the voucher: value used R$ 20,00, balance 5000 − 2000 = 3000 → R$ 30,00
 */

const STATION = 'E2E-VC-01';
const JULIA_TAG = '04B2C3D4E5';
const MARCOS_CPF = '111.444.777-35';
const MOVE = 'Move Eletropostos';

/** Text as read, with the no-break spaces of formatted money ('R$\u00a020,00') as plain spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const run = Date.now() % 1_000_000;

/** DD/MM/YYYY HH:mm of an instant in São Paulo (the browser's zone in these tests). */
function saoPaulo(at: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, as the voucher calls take dates. */
const utc = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** Types a date and time into a picker and confirms it. */
async function typeInPicker(page: Page, input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  // Enter would submit the form: the field commits what was typed when it loses focus.
  await page.getByRole('heading', { name: 'Período' }).click();
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** Picks `option` in the select labelled `label`, and waits until its list has closed. */
async function pick(page: Page, label: string, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.getByLabel(label, { exact: true }).click();
  await open.locator('.ant-select-item-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
  await expect.poll(() => open.count()).toBe(0);
}

/** A call of the station pickers' search: GET /api/chargepoints/?page=1&size=20[&searchInput]. */
function isStationSearch(url: URL, text: string | null): boolean {
  return url.pathname === '/api/chargepoints/' && url.searchParams.get('page') === '1' && url.searchParams.get('searchInput') === text;
}

/**
 * Types `text` into the station picker labelled `label`, waits for the server's answer to that
 * search, picks `option` from it and closes the list. Answers the search's address.
 */
async function searchAndPick(page: Page, label: string, text: string, option: string): Promise<URL> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.getByLabel(label, { exact: true }).click();
  const searched = page.waitForResponse((r) => isStationSearch(new URL(r.url()), text));
  await page.keyboard.type(text);
  const answer = await searched;
  expect(answer.status()).toBe(200);
  await open.locator('.ant-select-item-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
  await expect.poll(() => open.count()).toBe(0);
  return new URL(answer.url());
}

/** A station without prices in Move's network; answers its chargeBoxPk. */
async function addStation(page: Page, movePk: number, chargeBoxId: string, description: string): Promise<number> {
  const created = await postStation(page, { tenantPk: movePk, chargeBoxId, description, street: 'Rua dos Vouchers' });
  expect(created.status, created.text).toBe(200);
  return created.body.chargePointDetail.chargeBoxPk;
}

async function tenantPk(page: Page, name: string): Promise<number> {
  const tenants = await callApi<{ tenantList: { tenant_pk: number; name: string }[] }>(page, '/api/tenants/');
  const found = tenants.body.tenantList.find((x) => x.name === name);
  expect(found, name).toBeTruthy();
  return found!.tenant_pk;
}

/** E2E-VC-01 in Move's network, priced R$ 2,00 per kWh (created once per server). */
async function ensureStation(page: Page, movePk: number): Promise<number> {
  const created = await callApi<{ chargePointDetail: { chargeBoxPk: number } }>(page, '/api/chargepoints/', {
    method: 'POST',
    json: {
      tenantPk: movePk,
      chargeBoxId: STATION,
      description: 'Estação dos vouchers',
      typeOf: 'PUBLIC',
      showLocation: false,
      locationLatitude: null,
      locationLongitude: null,
      address: { street: 'Rua dos Vouchers', houseNumber: '10', city: 'São Paulo', state: 'SP' },
      hasPayment: true,
      paymentChargeTypeIncome: 'KWH',
      paymentChargeByIncome: 'CHARGE_BOX',
      moneyPerKilowattIncome: 200,
      moneyPerTransactionIncome: 0,
      taxIncome: 0,
      connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
    },
  });
  expect(created.status, created.text).toBe(200);
  return created.body.chargePointDetail.chargeBoxPk;
}

/** A voucher made through the API (for the checks that do not need the form). */
async function apiVoucher(page: Page, movePk: number, code: string, patch: Record<string, unknown> = {}): Promise<number> {
  const now = Date.now();
  const answer = await callApi<{ type: string; voucher_pk: number }>(page, '/api/vouchers/', {
    method: 'POST',
    json: {
      code,
      title: `Voucher ${code}`,
      description: 'Criado pelo teste',
      kind: 'PERCENT_RECHARGE',
      kind_value: 10,
      units: 5,
      start: utc(now - 3_600_000),
      expire: utc(now + 7 * 86_400_000),
      charge_box_pks: null,
      tenant_pk: movePk,
      active: true,
      user_pks: [],
      uses_per_user: 1,
      expire_type: 'EXPIRATION_DATE',
      ...patch,
    },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.voucher_pk;
}

describe('vouchers', () => {
  const browser = useBrowser();

  it('create a money voucher for two users on its form → Júlia recharges 10 kWh at its station → the history shows R$ 20,00 used and R$ 5,00 left', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    const movePk = await tenantPk(page, MOVE);
    await ensureStation(page, movePk);
    const code = `E2E-VC-${run}`;
    const now = Date.now();

    // The list, then the create form.
    await page.goto(appUrl('/vouchers'));
    await page.getByRole('heading', { name: 'Vouchers' }).first().waitFor();
    await page.getByTestId('voucher-create').click();
    await page.waitForURL((url) => url.pathname === '/vouchers/create');
    await page.getByText('Todos os campos são obrigatórios.').waitFor();

    await page.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
    expect(await page.getByLabel('Código', { exact: true }).inputValue()).toBe(code);
    await page.getByLabel('Nome', { exact: true }).fill('Crédito de boas-vindas');
    await page.getByLabel('Descrição', { exact: true }).fill('R$ 25,00 de recarga para cada motorista');
    if (await page.getByTestId('voucher-tenant').count()) await pick(page, 'Rede', MOVE);
    await pick(page, 'Tipo do voucher', 'Reais');
    const value = page.getByLabel('Valor do voucher', { exact: true });
    await value.fill('25');
    await value.blur();
    await expect.poll(async () => plain(await value.inputValue())).toBe('25,00');

    // Users need the quantity first (002 §5).
    await page.getByTestId('voucher-select-users').click();
    await page.getByText('Preencha a quantidade do voucher').first().waitFor();
    await page.getByLabel('Quantidade de vouchers', { exact: true }).fill('2');

    await typeInPicker(page, page.getByLabel('Início', { exact: true }), saoPaulo(now - 3_600_000));
    await typeInPicker(page, page.getByLabel('Válido até', { exact: true }), saoPaulo(now + 2 * 86_400_000));
    await page.getByText('Carregadores específicos').click();
    // The chargers are searched on the server as their name is typed, in the voucher's network only.
    const stationSearch = await searchAndPick(page, 'Carregadores', 'vouchers', STATION);
    expect(stationSearch.searchParams.get('tenantPk')).toBe(String(movePk));

    // The users, on their own page: Júlia from the picker, Marcos by CPF.
    await page.getByTestId('voucher-select-users').click();
    await page.waitForURL((url) => url.pathname === '/vouchers/create/select_users');
    await page.getByTestId('voucher-users-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.getByLabel('Usuário', { exact: true }).fill('Júlia');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Júlia Santos' })
      .click();
    // The list stays open for more choices: closed by clicking outside it.
    await dialog.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    await waitForStill(page);
    await dialog.getByTestId('voucher-users-add-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Buscar por CPF').fill(MARCOS_CPF);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByTestId('voucher-users-table').getByText('motorista@move.com.br').waitFor();
    await expect.poll(async () => plain(await page.getByTestId('voucher-users-total').innerText())).toBe('2 usuários de 2 vouchers');
    await shoot(page, 'vouchers-select-users');
    await page.getByTestId('voucher-users-complete').click();

    // Back on the form, with everything typed before.
    await page.waitForURL((url) => url.pathname === '/vouchers/create');
    expect(await page.getByLabel('Código', { exact: true }).inputValue()).toBe(code);
    expect(plain(await page.getByLabel('Valor do voucher', { exact: true }).inputValue())).toBe('25,00');
    await expect.poll(async () => plain(await page.getByTestId('voucher-users-count').innerText())).toBe('· 2 usuários selecionados');
    await shoot(page, 'vouchers-create-form');
    await page.getByTestId('voucher-submit').click();
    const created = page.getByRole('dialog', { name: 'Voucher cadastrado com sucesso!' });
    await created.waitFor();
    // The dialog zooms in: clicked once it stands still.
    await waitForStill(page);
    await created.getByTestId('voucher-saved-list').click();
    await page.waitForURL((url) => url.pathname === '/vouchers');

    // Stored as the form said.
    const list = await callApi<{ results: VoucherListItem[] }>(page, `/api/vouchers/?code=${code}`);
    const voucherPk = list.body.results.find((v) => v.code === code)!.voucher_pk;
    const stored = await callApi<Voucher>(page, `/api/vouchers/${voucherPk}/`);
    expect(stored.body).toMatchObject({ kind: 'MONEY_RECHARGE', kind_value: 25, units: 2, status: 'ACTIVE', tenant_pk: movePk });
    expect(stored.body.charge_boxes.map((c) => c.charge_box_id)).toEqual([STATION]);
    expect(stored.body.voucher_users_pks_with_voucher_status.map((u) => u.email).sort()).toEqual([
      'julia.santos@move.com.br',
      'motorista@move.com.br',
    ]);

    // Júlia recharges 10 kWh at the station; billing applies her copy.
    const station = await connectStation(STATION);
    try {
      await status(station, 1, 'Available');
      await recharge(station, { connectorId: 1, idTag: JULIA_TAG, startAt: new Date(Date.now() - 20 * 60_000), minutes: 15, kWh: 10 });
    } finally {
      await station.close();
    }
    await expect
      .poll(
        async () => (await callApi<{ results: VoucherHistoryItem[] }>(page, `/api/vouchers/${voucherPk}/history/`)).body.results.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);

    // The detail: data, indicators, users, and the use in the history.
    await page.getByRole('link', { name: `Abrir o voucher ${code}` }).click();
    await page.waitForURL((url) => url.pathname === `/voucher/${voucherPk}`);
    await page.getByTestId('voucher-history-item').waitFor();
    expect(plain(await page.getByTestId('voucher-detail-value').innerText())).toBe('R$ 25,00');
    expect(await page.getByTestId('voucher-detail-chargers').innerText()).toContain('Estação dos vouchers');
    expect(plain(await page.getByTestId('voucher-value-used').innerText())).toContain('R$ 20,00');
    expect(plain(await page.getByTestId('voucher-value-balance').innerText())).toContain('R$ 30,00');
    expect(plain(await page.getByTestId('voucher-history-amount').innerText())).toBe('R$ 20,00');
    expect(plain(await page.getByTestId('voucher-history-discount').innerText())).toBe('R$ 20,00');
    expect(plain(await page.getByTestId('voucher-history-balance').innerText())).toBe('R$ 5,00');
    const item = plain(await page.getByTestId('voucher-history-item').innerText());
    expect(item).toContain('Júlia Santos');
    expect(item).toContain('julia.santos@move.com.br');
    // A station's address has no district: the history names its city there.
    expect(item).toContain('Rua dos Vouchers, 10 — São Paulo');
    await shoot(page, 'vouchers-detail');

    // Marcos has no use: the history by user is empty.
    await pick(page, 'Filtrar por usuário', 'Marcos');
    await page.getByText('Não há histórico disponível para este voucher').waitFor();

    // Edit: the stored values, a new name, saved with PUT.
    await page.getByTestId('voucher-edit').click();
    await page.waitForURL((url) => url.pathname === `/voucher/${voucherPk}/edit`);
    const name = page.getByLabel('Nome', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Crédito de boas-vindas');
    expect(plain(await page.getByLabel('Valor do voucher', { exact: true }).inputValue())).toBe('25,00');
    // The voucher names its charger: the picker shows it as 'Name (ChargeBox ID)'.
    expect(await page.getByTestId('voucher-chargers').innerText()).toContain(`Estação dos vouchers (${STATION})`);
    await name.fill('Crédito de boas-vindas (editado)');
    await page.getByTestId('voucher-submit').click();
    await page.getByRole('dialog', { name: 'Voucher atualizado com sucesso!' }).waitFor();
    expect((await callApi<Voucher>(page, `/api/vouchers/${voucherPk}/`)).body.title).toBe('Crédito de boas-vindas (editado)');
  });

  it('charger picker, when the network has more stations than its first page: a failed search says so, one past the page is found by typing, chosen and named', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    const movePk = await tenantPk(page, MOVE);
    // Move's network gets at least 20 stations before the one to find ('ZZ-…' is ordered last by ID).
    const before = await callApi<{ count: number }>(page, `/api/chargepoints/?page=1&size=1&tenantPk=${movePk}`);
    expect(before.status, before.text).toBe(200);
    const added: number[] = [];
    try {
      for (let i = before.body.count; i < 20; i++) added.push(await addStation(page, movePk, `E2E-VC-PAD-${run}-${i}`, `Enchimento ${i}`));
      const farId = `ZZ-E2E-VC-${run}`;
      added.push(await addStation(page, movePk, farId, 'Carregador achado pela busca'));

      await page.goto(appUrl('/vouchers/create'));
      await page.getByText('Todos os campos são obrigatórios.').waitFor();
      if (await page.getByTestId('voucher-tenant').count()) await pick(page, 'Rede', MOVE);
      await page.getByText('Carregadores específicos').click();

      // Opened: the first page of the network, without the far station, and a hint that there is more.
      const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      const firstPage = page.waitForResponse((r) => isStationSearch(new URL(r.url()), null));
      await page.getByLabel('Carregadores', { exact: true }).click();
      const first = (await (await firstPage).json()) as { chargePointList: { chargeBoxId: string }[]; count: number };
      expect(first.chargePointList).toHaveLength(20);
      expect(first.chargePointList.map((c) => c.chargeBoxId)).not.toContain(farId);
      await open.getByText(`Mostrando 20 de ${first.count} estações. Digite para refinar a busca.`).waitFor();
      expect(await open.locator('.ant-select-item-option', { hasText: farId }).count()).toBe(0);
      await shoot(page, 'vouchers-station-picker-first-page', { fullPage: false, scrollToTop: false });

      // A search the server fails: the list says the chargers could not be loaded.
      await page.route(
        (url) => isStationSearch(url, 'falha'),
        (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Erro interno."}' }),
      );
      await page.keyboard.type('falha');
      await open.getByRole('alert').filter({ hasText: 'Não foi possível carregar os carregadores.' }).waitFor();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');

      // Typed: the server finds it.
      const searched = page.waitForResponse((r) => isStationSearch(new URL(r.url()), 'achado'));
      await page.keyboard.type('achado');
      expect((await searched).status()).toBe(200);
      const far = open.locator('.ant-select-item-option', { hasText: farId });
      await far.waitFor();
      await shoot(page, 'vouchers-station-picker', { fullPage: false, scrollToTop: false });
      await far.click();
      await page.keyboard.press('Escape');
      await expect.poll(() => open.count()).toBe(0);
      await expect.poll(() => page.getByTestId('voucher-chargers').innerText()).toContain(`Carregador achado pela busca (${farId})`);
    } finally {
      for (const pk of added) await callApi(page, `/api/chargepoints/${pk}/`, { method: 'DELETE' });
    }
  });

  it('a code in use: checked on leaving the field (the form locked except the code); a value over the limit; the server’s field error on its field after the failure dialog', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    const movePk = await tenantPk(page, MOVE);
    const code = `E2E-USED-${run}`;
    await apiVoucher(page, movePk, code);

    await page.goto(appUrl('/vouchers/create'));
    const codeField = page.getByLabel('Código', { exact: true });
    await codeField.fill(code);
    await page.getByLabel('Nome', { exact: true }).focus();
    await page.getByText('O código já está sendo utilizado').waitFor();
    await page.getByTestId('voucher-locked').waitFor();
    expect(await page.getByLabel('Nome', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByTestId('voucher-submit').isDisabled()).toBe(true);

    // Another code unlocks the form.
    await codeField.fill(`${code}-2`);
    await expect.poll(() => page.getByLabel('Nome', { exact: true }).isDisabled()).toBe(false);

    // Over the limit on the client: R$ 1.000,01.
    await pick(page, 'Tipo do voucher', 'Reais');
    await page.getByLabel('Valor do voucher', { exact: true }).fill('1000,01');
    await page.getByTestId('voucher-submit').click();
    await page.getByText('O valor máximo do voucher é R$ 1.000,00').waitFor();

    // A code held by a voucher that starts tomorrow: free on leaving the field (not ACTIVE), refused
    // by the server on saving — the failure dialog, then the error on the code field.
    const later = `E2E-LATER-${run}`;
    await apiVoucher(page, movePk, later, { start: utc(Date.now() + 86_400_000), expire: utc(Date.now() + 3 * 86_400_000) });
    await codeField.fill(later);
    await page.getByLabel('Nome', { exact: true }).fill('Voucher repetido');
    await page.getByLabel('Descrição', { exact: true }).fill('Código de um voucher que ainda não começou');
    if (await page.getByTestId('voucher-tenant').count()) await pick(page, 'Rede', MOVE);
    await pick(page, 'Tipo do voucher', 'Porcentagem');
    await page.getByLabel('Valor do voucher', { exact: true }).fill('15');
    await page.getByLabel('Quantidade de vouchers', { exact: true }).fill('3');
    await typeInPicker(page, page.getByLabel('Início', { exact: true }), saoPaulo(Date.now()));
    await typeInPicker(page, page.getByLabel('Válido até', { exact: true }), saoPaulo(Date.now() + 86_400_000));
    expect(await page.getByTestId('voucher-locked').count()).toBe(0);
    await page.getByTestId('voucher-submit').click();
    const failed = page.getByRole('dialog', { name: 'Não foi possível criar o Voucher!' });
    await failed.waitFor();
    await failed.getByRole('button', { name: 'Ver listagem' }).waitFor();
    await waitForStill(page);
    await failed.getByTestId('voucher-failed-retry').click();
    await failed.waitFor({ state: 'hidden' });
    await page.locator('.ant-form-item-explain-error', { hasText: 'O código já está sendo utilizado' }).waitFor();
  });

  it('filters the list by code and status, clears the filters, and fits a 360 px phone (list, form, detail)', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, logins.admin);
    const movePk = await tenantPk(page, MOVE);
    const code = `E2E-FILTRO-${run}`;
    const voucherPk = await apiVoucher(page, movePk, code);

    await page.goto(appUrl('/vouchers'));
    await page.getByTestId('voucher-table').waitFor();
    await page.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
    await page.getByTestId('voucher-filter-apply').click();
    await page.waitForURL((url) => url.searchParams.get('code') === code.toLowerCase());
    const rows = page.locator('[data-testid="voucher-table"] tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(code);
    expect(await rows.first().getByTestId('voucher-status').innerText()).toBe('Ativo');
    expect(await page.locator('.ant-pagination').count()).toBe(0);
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'vouchers-list-phone');

    await pick(page, 'Situação', 'Expirado');
    await page.getByTestId('voucher-filter-apply').click();
    await page.getByTestId('voucher-empty').waitFor();
    await page.getByTestId('voucher-filter-clear').click();
    await page.waitForURL((url) => url.search === '');
    expect(await page.getByLabel('Código', { exact: true }).inputValue()).toBe('');

    // A 400 (a code longer than 30 characters in the address): the list error, with its ways out.
    await page.goto(appUrl(`/vouchers?code=${'X'.repeat(31)}`));
    const listError = page.getByTestId('voucher-list-error');
    await listError.getByText('Não foi possível listar os vouchers!').waitFor();
    await listError.getByRole('link', { name: 'Voltar para a visão geral' }).waitFor();
    await listError.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    expect(await scrollsSideways(page)).toBeNull();

    await page.goto(appUrl('/vouchers/create'));
    await page.getByTestId('voucher-submit').waitFor();
    expect(await scrollsSideways(page)).toBeNull();
    // Typed and not saved: the back button asks first; staying keeps what was typed.
    await page.getByLabel('Nome', { exact: true }).fill('Rascunho não salvo');
    await page.getByTestId('voucher-back').click();
    await clickInDialog(page.getByTestId('leave-guard-stay'));
    // The question has gone before the next try (two at once would be two questions on screen).
    await page.getByTestId('leave-guard-stay').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/vouchers/create');
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Rascunho não salvo');
    await page.getByTestId('voucher-back').click();
    await clickInDialog(page.getByTestId('leave-guard-leave'));
    await page.waitForURL((url) => url.pathname === '/vouchers');

    await page.goto(appUrl(`/voucher/${voucherPk}`));
    await page.getByTestId('voucher-indicators').waitFor();
    await page.getByTestId('voucher-history-empty').waitFor();
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'vouchers-detail-phone');
  });
  it('a Colombian brand (Terpel, es-CO): the screens in Spanish, the money typed in COP, fitting a 360 px phone', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, logins.terpelOperator, 'terpel', { at: '/vouchers' });
    await page.getByRole('button', { name: 'Crear voucher' }).first().click();
    await page.waitForURL((url) => url.pathname === '/vouchers/create');
    await pick(page, 'Tipo de voucher', 'Dinero');
    const value = page.getByLabel('Valor del voucher', { exact: true });
    // Pesos are typed whole: "1500" is $ 1.500 (it was typed as centavos before).
    await value.fill('1500');
    await value.blur();
    await expect.poll(async () => plain(await value.inputValue())).toBe('1.500');
    await page.getByText('Valor por usuario, en peso colombiano').waitFor();
    await shoot(page, 'vouchers-money-es-co-phone', { fullPage: false });
    await page.getByTestId('voucher-select-users').click();
    await page.getByText('Complete la cantidad de vouchers').first().waitFor();
    await page.getByText('Todos los campos son obligatorios.').waitFor();
    expect(await scrollsSideways(page)).toBeNull();
  });
});
