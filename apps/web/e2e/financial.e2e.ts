import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { FinancialPage, FinancialTransaction } from '@recarga/contracts/financial';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { scrollsSideways } from './support/layout';
import { logins, signIn, waitForToast } from './support/auth';
import { connectStation, hoursAgo, recharge } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { waitForStill } from './support/still';

/*
 * Financial movements (/financial, 000 §2–§9) as the administrator, against the real server. The
 * recharges are made through the real central system at SOL-BH-001 (R$ 2,29 per kWh, no start fee,
 * 5 % tax; no other browser test prices there), so every amount below is worked out by hand:
 *
 *   A  fleet card, 10 kWh: 22,90 + tax 1,145 → 1,15 = R$ 24,05, paid by hand   (total refund)
 *   B  fleet card,  4 kWh:  9,16 + tax 0,458 → 0,46 = R$  9,62, not paid      (pending)
 *   C  fleet card, 20 kWh: 45,80 + tax 2,29         = R$ 48,09, paid by hand   (partial refund)
 *   D  fleet card,  1 kWh:  2,29 + tax 0,1145 → 0,11 = R$ 2,40, paid by hand   (invoice refused: no driver document → resend)
 *   E  Júlia,       2 kWh:  4,58 + tax 0,229 → 0,23 = R$  4,81, paid by hand   (invoice issued: 'Emitida' and its link)
 */

const STATION = 'SOL-BH-001';
const STATION_NAME = 'Sol Praça da Liberdade';
const FLEET_CARD = '1A2B3C4D';
const JULIA = '04B2C3D4E5';

/** Recharge ids (OCPP transaction ids), filled in beforeAll. */
const tx = { a: 0, b: 0, c: 0, d: 0, e: 0 };
/** Their movements (the `{id}` of refunds and resends), found once the billing job has billed them. */
const mv = { a: 0, b: 0, c: 0, d: 0, e: 0 };

/** Text as read, with the non-breaking spaces of formatted money ('R$\u00a024,05') as plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const gateway = (path: string, query: Record<string, string | number> = {}) =>
  `/gateway/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** The bill of a recharge as the recharges list answers it; null until the billing job has billed it. */
async function billOf(page: Page, transactionPk: number): Promise<FinancialTransaction | null> {
  const answer = await callApi<FinancialPage>(
    page,
    gateway('transactions/recharges', { userEmailOrTransactionId: transactionPk, size: 20 }),
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.content.find((r) => r.transactionPk === transactionPk && !r.isIdlePayment) ?? null;
}

async function movement(page: Page, movementPk: number): Promise<FinancialTransaction> {
  const answer = await callApi<FinancialTransaction>(page, `/gateway/transactions/${movementPk}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

let arranged: Promise<void> | null = null;

/**
 * Once per file, as the signed-in administrator: waits for the five bills, pays A, C, D and E by
 * hand (MANUAL_DASHBOARD, as Edit Payment does) and waits until D's invoice is refused and E's issued.
 */
function arrange(page: Page): Promise<void> {
  arranged ??= (async () => {
    for (const key of ['a', 'b', 'c', 'd', 'e'] as const) {
      await expect.poll(async () => (await billOf(page, tx[key]))?.movementPk ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
      mv[key] = (await billOf(page, tx[key]))!.movementPk;
    }
    for (const key of ['a', 'c', 'd', 'e'] as const) {
      const paid = await callApi(page, `/api/transaction/${tx[key]}/pay/`, { method: 'POST', json: { payment_type: 'MANUAL_DASHBOARD' } });
      expect(paid.status, paid.text).toBe(200);
    }
    // The invoice job (every 2 s) asks the local issuer: the fleet card has no document, Júlia has a CPF.
    await expect.poll(async () => (await movement(page, mv.d)).nfeStatus, { timeout: 30_000 }).toBe('erro_autorizacao');
    await expect.poll(async () => (await movement(page, mv.e)).nfeStatus, { timeout: 30_000 }).toBe('autorizado');
    expect((await movement(page, mv.a)).paymentTransactionAmount).toBe(2405);
    expect((await movement(page, mv.b)).paymentStatus).toBe('pending');
  })();
  return arranged;
}

/** Signs in, arranges the data (once) and opens /financial at `path`'s query; resolves when the table shows rows. */
async function openFinancial(page: Page, query = '') {
  await signIn(page, logins.admin, undefined, { at: null });
  await arrange(page);
  await page.goto(appUrl(`/financial${query}`));
  await page.getByTestId('fin-table').waitFor();
  await waitForRows(page);
}

async function waitForRows(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.fin-row--stale, .fin-table .ant-spin-spinning'));
}

const isList = (tab: 'all' | 'recharges' | 'deposits') => (r: Request) => {
  const url = new URL(r.url());
  const path = { all: '/gateway/transactions', recharges: '/gateway/transactions/recharges', deposits: '/gateway/transactions/deposits' }[
    tab
  ];
  return url.pathname === path && r.method() === 'GET' && url.searchParams.get('format') === null;
};

/** Does `act` and waits for the list call it makes and for the table to show its answer; answers the call's query. */
async function listCall(page: Page, tab: 'all' | 'recharges' | 'deposits', act: () => Promise<unknown>): Promise<URLSearchParams> {
  const [response] = await Promise.all([page.waitForResponse((r) => isList(tab)(r.request())), act()]);
  expect(response.status()).toBe(200);
  await waitForRows(page);
  return new URL(response.url()).searchParams;
}

const row = (page: Page, movementPk: number) => page.locator(`.fin-table tr[data-row-key="${movementPk}"]`);

/** Movement ids of the rows shown, in order. */
async function rowKeys(page: Page): Promise<number[]> {
  return page.locator('.fin-table tr.fin-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))));
}

/** The recharges tab filtered by SOL-BH-001 through the charge-box selector (searched on the server). */
async function showStationRecharges(page: Page) {
  await listCall(page, 'recharges', () => page.getByRole('tab', { name: 'Recargas' }).click());
  await page.getByLabel('Carregador', { exact: true }).click();
  await page.keyboard.type('Liberdade');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: STATION });
  await option.waitFor();
  await option.click();
  const query = await listCall(page, 'recharges', () => page.getByTestId('fin-filter').click());
  expect(query.get('chargeBoxId')).toBe(STATION);
  return query;
}

async function openDrawer(page: Page, movementPk: number) {
  await page.getByTestId(`fin-open-${movementPk}`).click();
  const drawer = page.getByTestId('fin-drawer');
  await drawer.waitFor();
  await drawer.getByTestId('fin-drawer-title').waitFor();
  return drawer;
}

beforeAll(async () => {
  const bh = await connectStation(STATION, 'E2E-Financial');
  try {
    tx.a = await recharge(bh, { connectorId: 2, idTag: FLEET_CARD, startAt: hoursAgo(11), minutes: 40, kWh: 10 });
    tx.b = await recharge(bh, { connectorId: 2, idTag: FLEET_CARD, startAt: hoursAgo(10), minutes: 20, kWh: 4 });
    tx.c = await recharge(bh, { connectorId: 2, idTag: FLEET_CARD, startAt: hoursAgo(9), minutes: 50, kWh: 20 });
    tx.d = await recharge(bh, { connectorId: 2, idTag: FLEET_CARD, startAt: hoursAgo(8), minutes: 10, kWh: 1 });
    tx.e = await recharge(bh, { connectorId: 2, idTag: JULIA, startAt: hoursAgo(7), minutes: 15, kWh: 2 });
  } finally {
    await bh.close();
  }
}, 60_000);

describe('financial movements', () => {
  const browser = useBrowser();

  it('opened from the menu: the all-movements tab with its four cards, newest first, no select-all', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await arrange(page);
    const [summaryCall] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/gateway/transactions/summary'),
      page.getByTestId('sidebar').getByRole('menuitem', { name: 'Financeiro', exact: true }).click(),
    ]);
    await page.waitForURL((u) => u.pathname === '/financial');
    await page.getByRole('heading', { name: 'Movimentações financeiras' }).waitFor();
    // 000 §7: the summary asks ASC; the period is the first of the month to today, children included.
    const summaryQuery = new URL(summaryCall.url()).searchParams;
    expect(summaryQuery.get('sort')).toBe('createdTimestamp,ASC');
    expect(summaryQuery.get('searchTenantChildren')).toBe('true');
    expect(summaryQuery.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
    await page.getByTestId('fin-summary').waitFor();
    for (const label of ['Movimentações', 'Valor total', 'Recargas', 'Depósitos'])
      await page.getByTestId('fin-summary').getByText(label, { exact: true }).waitFor();
    // The total says what it holds: paid, pending and refunded money apart, as the summary call counted them.
    const summary = (await summaryCall.response())!;
    const figures = (await summary.json()) as { paidValue: number; pendingValue: number; refundedValue: number; moneyCoin: string };
    expect(figures.moneyCoin).toBe('BRL');
    const brl = (minor: number) =>
      `R$ ${(minor / 100)
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
    expect(await page.getByTestId('fin-summary-split').innerText().then(plain)).toBe(
      `Pago ${brl(figures.paidValue)} · pendente ${brl(figures.pendingValue)} · reembolsado ${brl(figures.refundedValue)}`,
    );
    expect(figures.pendingValue).toBeGreaterThan(0); // this file bills mv.b as pending
    await waitForRows(page);
    // The newest movements are this file's (billed last).
    const keys = await rowKeys(page);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThanOrEqual(10);
    expect(keys).toContain(mv.e);
    expect(await page.locator('.fin-table thead .ant-checkbox').count()).toBe(0);
    expect(await row(page, mv.b).getByText('Pendente').count()).toBe(1);
    expect(await row(page, mv.b).getByTestId(`fin-amount-${mv.b}`).innerText().then(plain)).toBe('R$ 9,62');
    await shoot(page, 'financial-all');
  });

  it('filters: deposits by e-mail, recharges by charge box, order by financial movement; a broken period is named next to the picker', async () => {
    const { page } = browser;
    await openFinancial(page);

    // Deposits of one customer, found by a part of the e-mail.
    await listCall(page, 'deposits', () => page.getByRole('tab', { name: 'Depósitos' }).click());
    await page.getByLabel('Período', { exact: true }).click();
    const months = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    // This month (to today), the two before it, and the custom period.
    expect(await months.count()).toBe(4);
    // The custom period opens the picker, where the days after today cannot be picked.
    await months.filter({ hasText: 'Período personalizado' }).click();
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const cell = page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${tomorrow}"]`).first();
    await cell.waitFor();
    expect(await cell.getAttribute('class')).toContain('ant-picker-cell-disabled');
    await page.keyboard.press('Escape');
    // The demo's wallet top-up of Pedro was made this month.
    await page.getByTestId('fin-search').fill('pedro.lima@sol');
    let query = await listCall(page, 'deposits', () => page.getByTestId('fin-search').press('Enter'));
    expect(query.get('userEmailOrTransactionId')).toBe('pedro.lima@sol');
    const deposits = page.locator('.fin-table tr.fin-row');
    expect(await deposits.count()).toBeGreaterThan(0);
    for (const text of await deposits.allInnerTexts()) {
      expect(text).toContain('pedro.lima@sol.com.br');
      expect(text).toContain('+ R$');
    }

    // Recharges of one charge box (the search box emptied first).
    await page.getByTestId('fin-search').fill('');
    await showStationRecharges(page);
    const texts = await page.locator('.fin-table tr.fin-row').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain(STATION);
    expect(await rowKeys(page)).toEqual(expect.arrayContaining([mv.a, mv.b, mv.c, mv.d, mv.e]));
    await shoot(page, 'financial-recharges');

    // Order by financial movement: sorted by the paid time (000 §7).
    await page.getByLabel('Ordem', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Movimentação financeira' })
      .click();
    query = await listCall(page, 'recharges', () => page.getByTestId('fin-filter').click());
    expect(query.get('sort')).toBe('paidTimestamp,DESC');
    expect(new URL(page.url()).searchParams.get('order')).toBe('financialMovement');

    // A period beyond today, or longer than 365 days, is named next to the picker and not asked for.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    await page.goto(appUrl(`/financial?from=${day(-3)}&to=${day(2)}`));
    await page.getByTestId('fin-period-error').filter({ hasText: 'O período não pode ir além de hoje.' }).waitFor();
    expect(await page.getByTestId('fin-filter').isDisabled()).toBe(true);
    await page.goto(appUrl(`/financial?from=${day(-400)}&to=${day(0)}`));
    await page.getByTestId('fin-period-error').filter({ hasText: 'O período deve ter no máximo 365 dias.' }).waitFor();
    await shoot(page, 'financial-period-error');
  });

  it('tenant, empty and failed lists: a tenant brings its child tenants, no match says so, a failure offers a retry', async () => {
    const { page } = browser;
    await openFinancial(page);
    await listCall(page, 'deposits', () => page.getByRole('tab', { name: 'Depósitos' }).click());

    // Sol with the tenants below it: Pedro's top-up (Sol) and Marcos's (Move, a child of Sol).
    await page.getByLabel('Rede', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Sol Energia Mobilidade' })
      .click();
    const query = await listCall(page, 'deposits', () => page.getByTestId('fin-filter').click());
    expect(query.get('tenantApiKey')).toBeTruthy();
    expect(query.get('searchTenantChildren')).toBe('true');
    const texts = (await page.locator('.fin-table tr.fin-row').allInnerTexts()).join('\n');
    expect(texts).toContain('pedro.lima@sol.com.br');
    expect(texts).toContain('motorista@move.com.br');

    // Nothing matches: the spec's empty text.
    await page.getByTestId('fin-search').fill('nobody-here@example.com');
    await listCall(page, 'deposits', () => page.getByTestId('fin-filter').click());
    await page.getByTestId('fin-empty').getByText('Não há movimentações financeiras').waitFor();

    // The list fails (the first answer and the client's two retries): the error panel, and its retry loads the list.
    await page.getByTestId('fin-search').fill('');
    let failures = 3;
    await page.route('**/gateway/transactions/deposits?*', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 500, body: '' });
      else await route.fallback();
    });
    await page.getByLabel('Ordem', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Movimentação financeira' })
      .click();
    await page.getByTestId('fin-filter').click();
    const error = page.locator('.fin-error', { hasText: 'Não foi possível carregar as movimentações financeiras.' });
    await error.waitFor({ timeout: 20_000 });
    await shoot(page, 'financial-load-error', { fullPage: false });
    await listCall(page, 'deposits', () => error.getByRole('button', { name: 'Tentar novamente' }).click());
    await page.locator('.fin-table tr.fin-row').first().waitFor();
    await page.unroute('**/gateway/transactions/deposits?*');
  });

  it('selection: the footer adds the selected rows up — total, completed (approved) and pending — and clears', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);
    const footer = page.getByTestId('fin-selection');
    expect(await footer.count()).toBe(0);

    await page.getByLabel(`Selecionar movimentação #${mv.a}`).check();
    await page.getByLabel(`Selecionar movimentação #${mv.b}`).check();
    await page.getByLabel(`Selecionar movimentação #${mv.c}`).check();
    // A (24,05, paid) + B (9,62, pending) + C (48,09, paid) = 81,76; completed 24,05 + 48,09 = 72,14; pending 9,62.
    await expect.poll(() => footer.getByTestId('fin-selection-count').innerText().then(plain)).toBe('3 selecionadas');
    expect(await footer.getByTestId('fin-selection-total').innerText().then(plain)).toBe('R$ 81,76');
    expect(await footer.getByTestId('fin-selection-completed').innerText().then(plain)).toBe('R$ 72,14');
    expect(await footer.getByTestId('fin-selection-pending').innerText().then(plain)).toBe('R$ 9,62');
    // Ticking a row does not open its drawer.
    expect(await page.getByTestId('fin-drawer').count()).toBe(0);
    await shoot(page, 'financial-selection', { fullPage: false });

    await page.getByLabel(`Selecionar movimentação #${mv.c}`).uncheck();
    await expect.poll(() => footer.getByTestId('fin-selection-total').innerText().then(plain)).toBe('R$ 33,67');
    await footer.getByTestId('fin-selection-clear').click();
    await expect.poll(() => footer.count()).toBe(0);
  });

  it('drawer, opened with the keyboard: a recharge with its station, composition and issued invoice; Escape closes it', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);
    await page.getByTestId(`fin-open-${mv.e}`).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('fin-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('fin-drawer-title').innerText().then(plain)).toBe('Recarga');
    expect(await drawer.getByTestId('fin-drawer-customer').innerText().then(plain)).toBe('Júlia Santos');
    expect(await drawer.getByTestId('fin-drawer-amount').innerText().then(plain)).toBe('R$ 4,81');
    expect(await drawer.getByTestId('fin-drawer-box').innerText().then(plain)).toContain(STATION_NAME);
    expect(await drawer.getByTestId('fin-drawer-recharge').innerText().then(plain)).toContain(`#${tx.e}`);
    // The stored price: no start fee, 2 kWh × 2,29 = 4,58, tax 0,23, total 4,81.
    const composition = await drawer.getByTestId('fin-composition').innerText().then(plain);
    expect(composition).toMatch(/Taxa de início\s+R\$ 0,00/);
    expect(composition).toMatch(/Energia \(2,00 kWh\)\s+R\$ 4,58/);
    expect(composition).toMatch(/Impostos\s+R\$ 0,23/);
    expect(await drawer.getByTestId('fin-composition-total').innerText().then(plain)).toBe('R$ 4,81');
    expect(await drawer.getByTestId('fin-drawer-invoice').innerText().then(plain)).toContain('Emitida');
    expect(await drawer.getByTestId('fin-export-pdf').isDisabled()).toBe(true);
    expect(await drawer.getByTestId('fin-resend').isDisabled()).toBe(true);
    await shoot(page, 'financial-drawer', { fullPage: false });

    // The first invoice url opens the PDF in a new tab.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), drawer.getByTestId('fin-invoice-link').click()]);
    await popup.waitForURL((u) => u.protocol === 'blob:', { timeout: 15_000 });
    await popup.close();

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('total refund: Idempotency-Key sent, no partialAmount; the drawer shows Reembolsado, the total refunded, nothing left; the list follows', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);
    const drawer = await openDrawer(page, mv.a);
    expect(await drawer.getByTestId('fin-drawer-amount').innerText().then(plain)).toBe('R$ 24,05');
    await drawer.getByTestId('fin-refund').click();
    const dialog = page.getByRole('dialog', { name: `Reembolsar a movimentação #${mv.a}` });
    await dialog.waitFor();
    expect(await dialog.innerText().then(plain)).toContain('Devolve R$ 24,05 ao cliente');
    await shoot(page, 'financial-refund-total', { fullPage: false });
    // "Continuar" sends nothing: it shows what will happen, and only the confirmation refunds.
    const posted: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/payments/refunds') && r.method() === 'POST') posted.push(r);
    };
    page.on('request', onRequest);
    await page.getByTestId('fin-refund-continue').click();
    const confirmDialog = page.getByRole('dialog', { name: `Confirmar o reembolso da movimentação #${mv.a}` });
    await confirmDialog.waitFor();
    const summary = plain(await confirmDialog.getByTestId('fin-refund-summary').innerText());
    for (const part of ['Valor a devolver', 'R$ 24,05', 'Volta por', 'Cliente', `#${mv.a} · recarga #`]) expect(summary).toContain(part);
    expect(await confirmDialog.innerText().then(plain)).toContain('O reembolso não pode ser desfeito');
    await shoot(page, 'financial-refund-confirm', { fullPage: false });
    expect(posted).toEqual([]);
    // Back returns to the choice, still without sending.
    await page.getByTestId('fin-refund-back').click();
    await page.getByTestId('fin-refund-continue').click();
    page.off('request', onRequest);
    expect(posted).toEqual([]);
    // The list refreshes 2 seconds after the refund: listened for from the click on (the checks
    // below can take longer than that on a busy machine, and a refresh already done is not awaited).
    const listRefreshed = page.waitForResponse((r) => isList('recharges')(r.request()));
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/gateway/transactions/${mv.a}/payments/refunds`) && r.method() === 'POST'),
      page.getByTestId('fin-refund-confirm').click(),
    ]);
    expect(new URL(request.url()).searchParams.has('partialAmount')).toBe(false);
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await waitForToast(page, 'Solicitação de reembolso enviada com sucesso!');
    await expect.poll(() => drawer.getByTestId('fin-drawer-status').innerText().then(plain)).toContain('Reembolsado');
    expect(await drawer.getByTestId('fin-drawer-refunded').innerText().then(plain)).toBe('R$ 24,05');
    expect(await drawer.getByTestId('fin-drawer-available').innerText().then(plain)).toBe('R$ 0,00');
    expect(await drawer.getByTestId('fin-drawer-total').innerText().then(plain)).toBe('R$ 24,05');
    expect(await drawer.getByTestId('fin-refund').isDisabled()).toBe(true);
    expect((await listRefreshed).status()).toBe(200);
    await waitForRows(page);
    await expect.poll(() => row(page, mv.a).innerText().then(plain), { timeout: 5_000 }).toContain('Reembolsado');
    const server = await movement(page, mv.a);
    expect(server).toMatchObject({
      paymentStatus: 'refunded',
      paymentTransactionAmountRefunded: 2405,
      paymentTransactionAmountAvailable: 0,
    });
  });

  it('partial refund: above the remaining value it is refused with the spec’s message and continue disabled; a double click refunds once', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);
    const drawer = await openDrawer(page, mv.c);
    expect(await drawer.getByTestId('fin-drawer-amount').innerText().then(plain)).toBe('R$ 48,09');
    await drawer.getByTestId('fin-refund').click();
    const dialog = page.getByRole('dialog', { name: `Reembolsar a movimentação #${mv.c}` });
    await dialog.waitFor();
    await dialog.getByText('Reembolso parcial', { exact: true }).click();
    const amount = dialog.getByTestId('fin-refund-amount');
    const continueButton = page.getByTestId('fin-refund-continue');
    // Nothing typed: continue disabled, no scolding.
    expect(await continueButton.isDisabled()).toBe(true);
    // Typed as written: 48,10, one hundredth above the R$ 48,09 paid.
    await amount.pressSequentially('48,10');
    expect(await amount.inputValue().then(plain)).toBe('48,10');
    await dialog.getByText('O valor parcial não pode ser maior que o valor restante.').waitFor();
    expect(await continueButton.isDisabled()).toBe(true);
    await shoot(page, 'financial-refund-partial-too-large', { fullPage: false });
    // R$ 10,00: accepted.
    await amount.fill('');
    await amount.pressSequentially('12,50');
    expect(await continueButton.isDisabled()).toBe(false);
    const refunds: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/gateway/transactions/${mv.c}/payments/refunds`) && r.method() === 'POST') refunds.push(r);
    });
    await continueButton.click();
    expect(plain(await page.getByTestId('fin-refund-summary-amount').innerText())).toBe('R$ 12,50');
    await page.getByTestId('fin-refund-confirm').dblclick();
    await waitForToast(page, 'Solicitação de reembolso enviada com sucesso!');
    // "12,50" typed in pt-BR is 1250 hundredths on the wire and in the ledger.
    expect(new URL(refunds[0]!.url()).searchParams.get('partialAmount')).toBe('1250');
    // Every request of this intent carries the same key.
    expect(new Set(refunds.map((r) => r.headers()['idempotency-key'])).size).toBe(1);
    await expect.poll(() => drawer.getByTestId('fin-drawer-status').innerText().then(plain)).toContain('Devolução parcial');
    expect(await drawer.getByTestId('fin-drawer-refunded').innerText().then(plain)).toBe('R$ 12,50');
    expect(await drawer.getByTestId('fin-drawer-available').innerText().then(plain)).toBe('R$ 35,59');
    expect(await drawer.getByTestId('fin-drawer-total').innerText().then(plain)).toBe('R$ 48,09');
    await shoot(page, 'financial-drawer-partial', { fullPage: false });

    // Again: the limit is now what remains (R$ 35,59), not the amount paid. The dialog has closed
    // (its name changed at the confirmation step, so wait for the dialog itself, not that name).
    await page.getByTestId('fin-refund-dialog').waitFor({ state: 'hidden' });
    await drawer.getByTestId('fin-refund').click();
    await dialog.waitFor();
    await dialog.getByText('Reembolso parcial', { exact: true }).click();
    await amount.pressSequentially('35,60');
    await dialog.getByText('O valor parcial não pode ser maior que o valor restante.').waitFor();
    expect(await continueButton.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const server = await movement(page, mv.c);
    expect(server).toMatchObject({
      paymentStatus: 'partial_refund',
      paymentTransactionAmountRefunded: 1250,
      paymentTransactionAmountAvailable: 3559,
    });
  });

  it('resend invoice: enabled for a refused invoice, confirmed with the spec’s question, then the invoice is requested again', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);
    const drawer = await openDrawer(page, mv.d);
    expect(await drawer.getByTestId('fin-drawer-invoice').innerText().then(plain)).toContain('Erro de autorização');
    await drawer.getByTestId('fin-resend').click();
    const confirm = page.getByRole('dialog', { name: 'Deseja reenviar a nota fiscal?' });
    await confirm.waitFor();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/gateway/transactions/${mv.d}/nfes/resends`) && r.method() === 'POST'),
      page.getByTestId('fin-resend-ok').click(),
    ]);
    expect(request.method()).toBe('POST');
    await waitForToast(page, 'Nota fiscal reenviada com sucesso!');
    // The server took it: the issuer works on it again (the fleet card still has no document, so it is refused again).
    await drawer
      .getByTestId('fin-drawer-invoice')
      .filter({ hasText: /Em processamento|Erro de autorização/ })
      .waitFor();
  });

  it('Excel: the tab’s list streams with progress (rows announced vs received), is saved as the report file; a failure offers a retry', async () => {
    const { page } = browser;
    await openFinancial(page);
    await showStationRecharges(page);

    // A failure first (the server is not asked): the spec's message and a retry.
    let failNext = true;
    await page.route('**/gateway/transactions/recharges?*format=xlsx*', async (route) => {
      if (failNext) {
        failNext = false;
        await route.fulfill({ status: 500, body: '' });
      } else await route.fallback();
    });
    await page.getByTestId('fin-excel').click();
    await page.getByRole('menuitem', { name: 'Recargas' }).click();
    await page.getByTestId('fin-excel-error').filter({ hasText: 'Não foi possível baixar o arquivo .xlsx.' }).waitFor();
    await shoot(page, 'financial-excel-error', { fullPage: false });

    // The retry streams the file slowly (throttled network), so its progress can be read.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 3_000, uploadThroughput: -1 });
    const [download, response] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.waitForResponse((r) => new URL(r.url()).searchParams.get('format') === 'xlsx'),
      (async () => {
        await page.getByTestId('fin-excel-retry').click();
        const text = page.getByTestId('fin-excel-text').filter({ hasText: /de \d+ movimentações/ });
        await text.waitFor({ timeout: 20_000 });
        await shoot(page, 'financial-excel-progress', { fullPage: false });
      })(),
    ]);
    const rows = Number(response.headers()['x-total-rows']);
    expect(rows).toBeGreaterThanOrEqual(5);
    const query = new URL(response.url()).searchParams;
    expect(query.get('chargeBoxId')).toBe(STATION);
    expect(query.has('page')).toBe(false);
    expect(download.suggestedFilename()).toBe('relatorio-financeiro.xlsx');
    await waitForToast(page, 'Planilha baixada.');
    await page.getByTestId('fin-excel-progress').waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });
});

describe('financial movements on a phone (360 px)', () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it('cards stack, the table scrolls inside its box, the footer and the drawer fit the screen', async () => {
    const { page } = browser;
    await openFinancial(page);
    await page.getByTestId('fin-summary').waitFor();
    await waitForStill(page);
    expect(await scrollsSideways(page)).toBeNull();
    const cards = await page.locator('.fin-card').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(cards).size).toBe(1);
    await shoot(page, 'financial-phone', { fullPage: true });

    await showStationRecharges(page);
    await page.getByLabel(`Selecionar movimentação #${mv.b}`).check();
    const footer = page.getByTestId('fin-selection');
    await footer.waitFor();
    const box = (await footer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(Math.round(box.x + box.width)).toBeLessThanOrEqual(360);
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'financial-phone-selection', { fullPage: false });

    const drawer = await openDrawer(page, mv.b);
    const panel = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
    // Rounded: the layout gives fractions such as 360.00003.
    expect(Math.round(panel.width)).toBeLessThanOrEqual(360);
    expect(await drawer.getByTestId('fin-refund').isDisabled()).toBe(true);
    await shoot(page, 'financial-phone-drawer', { fullPage: false });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The refund's amount and its confirmation fit the phone too (closed without confirming).
    const refundable = await openDrawer(page, mv.c);
    await refundable.getByTestId('fin-refund').click();
    await page.getByTestId('fin-refund-dialog').getByText('Reembolso parcial', { exact: true }).click();
    await page.getByTestId('fin-refund-amount').pressSequentially('1,00');
    await shoot(page, 'financial-phone-refund-amount', { fullPage: false });
    await page.getByTestId('fin-refund-continue').click();
    const summary = page.getByTestId('fin-refund-summary');
    await summary.waitFor();
    const dialogBox = (await page.locator('.ant-modal').boundingBox())!;
    expect(Math.round(dialogBox.x)).toBeGreaterThanOrEqual(0);
    expect(Math.round(dialogBox.x + dialogBox.width)).toBeLessThanOrEqual(360);
    expect(plain(await page.getByTestId('fin-refund-summary-amount').innerText())).toBe('R$ 1,00');
    await shoot(page, 'financial-phone-refund-confirm', { fullPage: false });
    await page.keyboard.press('Escape');
    await summary.waitFor({ state: 'hidden' });
  });
});
