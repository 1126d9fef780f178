import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoIdTags } from '../../server/src/db/seed/demo-stations';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, hoursAgo, recharge, status } from './support/ocpp-station';
import { shoot } from './support/screenshots';

const rows = (page: Page) => page.locator('[data-testid="alerts-table"] tbody tr.ant-table-row');
const cellTexts = (page: Page, column: number) =>
  rows(page).evaluateAll(
    (trs, col) => trs.map((tr) => (tr.querySelectorAll('td')[col] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    column,
  );

async function openAlerts(page: Page, login: { email: string; password: string } = logins.admin, host?: string) {
  await signIn(page, login, host, { at: '/alerts' });
  await rows(page).first().waitFor({ timeout: 20_000 });
}

/** Pages through the list until a row with this event label shows; returns it. */
async function findRow(page: Page, label: string) {
  for (let i = 0; i < 30; i++) {
    const row = rows(page)
      .filter({ has: page.locator('.event-tag', { hasText: label }) })
      .first();
    if (await row.count()) return row;
    const next = page.locator('.ant-pagination-next:not(.ant-pagination-disabled)');
    if (!(await next.count())) break;
    const current = await page.locator('.ant-pagination-item-active').innerText();
    await next.click();
    // The page is in the address: wait for the list to show the next one before looking again.
    await page.waitForFunction((before) => document.querySelector('.ant-pagination-item-active')?.textContent !== before, current);
  }
  throw new Error(`no row with the event ${label}`);
}

/**
 * Opens the first row with this event label. Live events land at the top of the list and move the
 * rows down under the pointer (on a loaded machine a row can keep moving for a while): each try
 * finds the row again and clicks it, until one click lands.
 */
async function openRow(page: Page, label: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      await (await findRow(page, label)).click({ timeout: 5_000 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

async function search(page: Page, text: string) {
  const box = page.locator('[data-testid="alerts-search"] input').or(page.locator('input[data-testid="alerts-search"]')).first();
  const before = await page.evaluate(() => new URL(window.location.href).searchParams.get('search') ?? '');
  // The server searches: a new text is a new call, answered before the rows change.
  const answered =
    text.trim() !== before.trim()
      ? page.waitForResponse(
          (res) =>
            res.url().includes('/api/notification/alerts/') && new URL(res.url()).searchParams.get('search') === (text.trim() || null),
        )
      : null;
  await box.fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === (text || null));
  if (answered) await answered;
  // A new search goes back to the first page (through the address): wait for it.
  await page.waitForFunction(() => {
    const active = document.querySelector('.ant-pagination-item-active');
    return !active || active.textContent === '1';
  });
}

const CLOCK_STATION = 'ANDES-UIO-001';

/** The card or row (phone or desktop) of the fault with this error text. */
const faultItem = (page: Page, error: string) =>
  page.locator('[data-testid="alerts-table"] tbody tr.ant-table-row, [data-testid="alert-card"]').filter({ hasText: error }).first();

/** Picks options of one of the list's filters by their labels. */
async function pickFilter(page: Page, testId: string, labels: string[]) {
  const select = page.locator(`[data-testid="${testId}"]`);
  await select.click();
  for (const label of labels) {
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).first().click();
  }
  await page.keyboard.press('Escape');
}

/** Every alert on screen (rows or cards) has this severity. */
async function severities(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="alerts-table"] tbody tr.ant-table-row .severity-tag, [data-testid="alert-card"] .severity-tag')
    .evaluateAll((tags) => tags.map((t) => t.getAttribute('data-severity') ?? ''));
}

/**
 * Severity filter, a translated error code and acknowledge, on whichever layout the viewport gives:
 * filters to faults of `station`, finds the one with `error` (in words), acknowledges it, and after
 * a reload it still says who acknowledged it; filtered to those still to acknowledge, it is gone.
 */
async function triageFault(
  page: Page,
  o: { station: string; faultLabel: string; error: string; rawCode: string; ackLabel: string; ackBy: string; toAcknowledge: string },
) {
  await page.goto(appUrl(`/alerts?search=${o.station}`, o.station.startsWith('TERPEL') ? 'terpel' : undefined));
  await page.locator('[data-testid="alerts-filters"]').waitFor();
  await pickFilter(page, 'alerts-filter-severity', [o.faultLabel]);
  await page.waitForURL((url) => url.searchParams.get('severity') === 'fault');
  await expect.poll(async () => new Set(await severities(page)), { timeout: 15_000 }).toEqual(new Set(['fault']));
  const item = faultItem(page, o.error);
  await item.waitFor();
  expect(await page.locator('.alerts-page').innerText()).not.toContain(o.rawCode);
  await item.getByRole('button', { name: new RegExp(o.ackLabel) }).click();
  await item.locator('[data-testid="alert-acknowledged"]', { hasText: o.ackBy }).waitFor({ timeout: 15_000 });
  await page.reload();
  await faultItem(page, o.error).locator('[data-testid="alert-acknowledged"]', { hasText: o.ackBy }).waitFor({ timeout: 20_000 });
  const url = new URL(page.url());
  url.searchParams.set('ack', 'open');
  await page.goto(url.toString());
  await page.locator('[data-testid="alerts-filters"]').waitFor();
  await expect.poll(async () => (await page.locator('.alerts-page').innerText()).includes(o.error), { timeout: 15_000 }).toBe(false);
  expect(await page.locator('[data-testid="alerts-filter-ack"]').innerText()).toContain(o.toAcknowledge);
}

describe('alerts', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    // Events from stations in several cities: boots, a short recharge (Warning), a normal one, a fault, a disconnection.
    for (const [id, city] of [
      ['SOL-RJ-001', 'rio'],
      ['TERPEL-BOG-001', 'bogota'],
      ['ANDES-UIO-001', 'quito'],
      ['TERPEL-MDE-001', 'medellin'],
    ] as const) {
      const c = await connectStation(id, 'E2E alerts');
      const tag = demoIdTags(id)[0]!;
      await status(c, 1, 'Available', hoursAgo(30));
      await status(c, 2, 'Available', hoursAgo(30));
      if (city === 'rio' || city === 'bogota') {
        await recharge(c, { connectorId: 1, idTag: tag, startAt: hoursAgo(5), minutes: 3, kWh: 0.4 }); // short: Warning
        await recharge(c, { connectorId: 2, idTag: tag, startAt: hoursAgo(3), minutes: 50, kWh: 18.5 });
        await status(c, 2, 'Faulted', hoursAgo(1), 'GroundFailure');
        await status(c, 1, 'Faulted', hoursAgo(0.5), 'OverCurrentFailure');
      }
      await c.close();
    }
    // A station whose clock runs two weeks ahead: its recharge is stamped in the future, then a
    // fault comes in stamped now. The fault was received last, so it is the newest.
    const ahead = await connectStation(CLOCK_STATION, 'E2E alerts clock');
    const aheadTag = demoIdTags(CLOCK_STATION)[0]!;
    const future = new Date(Date.now() + 14 * 86_400_000);
    const { transactionId } = (await ahead.call('StartTransaction', {
      connectorId: 1,
      idTag: aheadTag,
      meterStart: 0,
      timestamp: future.toISOString(),
    })) as { transactionId: number };
    await ahead.call('StopTransaction', {
      transactionId,
      meterStop: 15_000,
      timestamp: new Date(future.getTime() + 30 * 60_000).toISOString(),
      reason: 'EVDisconnected',
    });
    await status(ahead, 2, 'Faulted', new Date(), 'PowerMeterFailure');
    await ahead.close();
  }, 120_000);

  it('list: a skeleton while loading, then 10 rows per page with at most 5 page buttons', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    // The list call is held until the skeleton has been seen, then let through.
    let release!: () => void;
    const skeletonSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/notification/alerts/*', async (route) => {
      await skeletonSeen;
      await route.continue();
    });
    await page.goto(appUrl('/alerts'));
    await page.getByRole('heading', { name: 'Alertas' }).waitFor();
    await page.locator('[data-testid="alerts-skeleton"]').waitFor({ state: 'visible' });
    release();
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="alerts-skeleton"]').count()).toBe(0);

    expect(await rows(page).count()).toBe(10);
    const pages = page.locator('.ant-pagination .ant-pagination-item');
    expect(await pages.count()).toBeGreaterThanOrEqual(2);
    expect(await pages.count()).toBeLessThanOrEqual(5);
    // Newest received first (the server's order, shown as it came), and the spec's event labels.
    const answer = await callApi<{ content: { receivedAtDT: string; chargeBoxId: string }[] }>(
      page,
      '/api/notification/alerts/?page=1&size=10',
    );
    const received = answer.body.content.map((a) => Date.parse(a.receivedAtDT));
    expect([...received].sort((a, b) => b - a)).toEqual(received);
    expect(await page.locator('.ant-table-cell .event-tag', { hasText: 'Estação iniciada' }).count()).toBeGreaterThan(0);
  });

  it('search: ignores spaces and case, by name or ChargeBox ID', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await openAlerts(page);
    await search(page, '  sol-rj-0 01 ');
    await expect.poll(async () => (await cellTexts(page, 2)).every((t) => t.includes('SOL-RJ-001')), { timeout: 5000 }).toBe(true);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await search(page, 'BARRA DA tijuca');
    await expect.poll(async () => (await cellTexts(page, 2)).every((t) => t.includes('Sol Barra da Tijuca')), { timeout: 5000 }).toBe(true);
    await search(page, 'no station is called this');
    await page.getByText('Nenhum alerta corresponde à busca.').waitFor();
  });

  it(
    'sort: City ascending then descending, case-insensitive; Station too; the order lives in the address',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      await openAlerts(page);
      const header = (name: string) => page.locator('.ant-table-thead th', { hasText: name });
      const sortIs = (value: string) => page.waitForURL((url) => url.searchParams.get('sort') === value);
      const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
      // The address changes first; the table follows once that navigation has rendered (aria-sort).
      const sortedBy = (name: string, order: 'ascending' | 'descending') =>
        expect.poll(() => header(name).getAttribute('aria-sort'), { timeout: 10_000 }).toBe(order);
      // The page on screen stays while the server answers the new order: wait for that answer.
      const answered = (key: string, order: string) =>
        page.waitForResponse((res) => {
          if (!res.url().includes('/api/notification/alerts/')) return false;
          const params = new URL(res.url()).searchParams;
          return params.get('sort') === key && params.get('order') === order;
        });
      let answer = answered('city', 'asc');
      await header('Cidade').click();
      await sortIs('city:asc');
      await answer;
      await sortedBy('Cidade', 'ascending');
      const cities = async () => (await cellTexts(page, 4)).filter((c) => c !== '—');
      const ascending = (list: string[]) => list.length > 0 && list.every((c, i) => i === 0 || collator.compare(list[i - 1]!, c) <= 0);
      await expect.poll(async () => ascending(await cities()), { timeout: 10_000 }).toBe(true);
      const asc = await cities();
      answer = answered('city', 'desc');
      await header('Cidade').click();
      await sortIs('city:desc');
      await answer;
      await sortedBy('Cidade', 'descending');
      // The answer is in; its rows render right after: read them once they have changed.
      await expect.poll(async () => (await cities())[0], { timeout: 10_000 }).not.toBe(asc[0]);
      const desc = await cities();
      expect([...desc].sort((a, b) => collator.compare(b, a))).toEqual(desc);
      // A reload keeps the order.
      answer = answered('city', 'desc');
      await page.reload();
      await answer;
      await sortedBy('Cidade', 'descending');
      await expect.poll(cities, { timeout: 10_000 }).toEqual(desc);
      answer = answered('station', 'asc');
      await header('Estação').click();
      await sortIs('station:asc');
      await answer;
      await sortedBy('Estação', 'ascending');
      const stations = await rows(page).locator('.alert-station__name').allInnerTexts();
      expect([...stations].sort(collator.compare)).toEqual(stations);
    },
  );

  it('row: expands to station id, connector, error and, for a Short Recharge, the recharge’s timeline', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await openAlerts(page);
    await search(page, 'SOL-RJ-001');
    await openRow(page, 'Recarga curta');
    const details = page.locator('[data-testid="alert-details"]').first();
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain('SOL-RJ-001');
    expect(text).toContain('Conector 1');
    expect(text).toContain('Sem erro');
    const timeline = details.locator('[data-testid="alert-timeline"]');
    await timeline.locator('.event-tag', { hasText: 'Recarga finalizada' }).waitFor();
    const events = await timeline.locator('.event-tag').allInnerTexts();
    expect(events).toEqual(['Recarga iniciada', 'Recarga finalizada', 'Recarga curta']);
    await shoot(page, 'alerts-move-br');

    // A Failure row (the newest: over-current) shows its error code in words, never the raw OCPP code.
    await search(page, 'SOL-RJ-001 ');
    await openRow(page, 'Falha');
    await page.locator('[data-testid="alert-details"]', { hasText: 'Sobrecorrente' }).first().waitFor();
    expect(await page.locator('.alerts-page').innerText()).not.toContain('OverCurrentFailure');
  });

  it('Terpel operator, Spanish: only Terpel’s events, same screen', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await openAlerts(page, logins.terpelOperator, 'terpel');
    await page.getByRole('heading', { name: 'Alertas' }).waitFor();
    const ids = await rows(page).locator('.alert-station__id').allInnerTexts();
    expect(ids.every((id) => id.startsWith('TERPEL-'))).toBe(true);
    await openRow(page, 'Carga corta');
    await page.locator('[data-testid="alert-timeline"]').first().waitFor();
    await shoot(page, 'alerts-terpel-es');
  });

  it(
    'a station clock ahead: its events keep their time but sit below what was received later, with a hint',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: `/alerts?search=${CLOCK_STATION}` });
      await rows(page).first().waitFor({ timeout: 20_000 });
      // The fault (received after the recharge) comes before it, though the recharge's events are
      // stamped two weeks later; only the disconnection of the closing socket is newer.
      const texts = () => rows(page).allInnerTexts();
      await expect.poll(async () => (await texts()).some((t) => t.includes('Falha no medidor de energia')), { timeout: 10_000 }).toBe(true);
      const fault = (await texts()).findIndex((t) => t.includes('Falha no medidor de energia'));
      const next = rows(page).nth(fault + 1);
      expect(await next.locator('.event-tag').innerText()).toBe('Recarga finalizada');
      expect(
        await rows(page)
          .nth(fault + 2)
          .locator('.event-tag')
          .innerText(),
      ).toBe('Recarga iniciada');
      const hint = next.locator('[data-testid="alert-clock-ahead"]');
      expect(await hint.innerText()).toContain('Relógio da estação adiantado');
      expect(await hint.innerText()).toMatch(/Recebido em \d{2}\/\d{2}\/\d{4}/);
      expect(await rows(page).nth(fault).locator('[data-testid="alert-clock-ahead"]').count()).toBe(0);
      await shoot(page, 'alerts-clock-ahead-br');
    },
  );

  it('pt-BR at 1440: severity filter, error code in words, acknowledge with who and when', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    await triageFault(page, {
      station: 'SOL-RJ-001',
      faultLabel: 'Falha',
      error: 'Falha de aterramento',
      rawCode: 'GroundFailure',
      ackLabel: 'Reconhecer',
      ackBy: 'Reconhecido por Ana Administradora',
      toAcknowledge: 'A reconhecer',
    });
    await shoot(page, 'alerts-triage-br-1440');
  });

  it('es-CO at 1440: severity filter, error code in words, acknowledge with who and when', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.terpelOperator, 'terpel', { at: null });
    await triageFault(page, {
      station: 'TERPEL-BOG-001',
      faultLabel: 'Falla',
      error: 'Falla de conexión a tierra',
      rawCode: 'GroundFailure',
      ackLabel: 'Marcar revisada',
      ackBy: 'Revisada por Camilo Restrepo',
      toAcknowledge: 'Por revisar',
    });
    await shoot(page, 'alerts-triage-es-1440');
  });
});

describe('alerts on a phone (390 px)', () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  async function checkPhoneLayout(page: Page) {
    await page.locator('[data-testid="alert-card"]').first().waitFor({ timeout: 20_000 });
    // Cards, not a table whose headers stack letter by letter.
    expect(await page.locator('[data-testid="alerts-table"]').count()).toBe(0);
    expect(await scrollsSideways(page)).toBeNull();
    const heights = await page
      .locator('[data-testid="alert-card"]')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.length).toBeLessThanOrEqual(10);
    for (const h of heights) expect(h).toBeLessThan(320);
  }

  it('pt-BR: one card per alert, severity filter, error code in words, acknowledge', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/alerts' });
    await checkPhoneLayout(page);
    await shoot(page, 'alerts-phone-br');
    await triageFault(page, {
      station: 'SOL-RJ-001',
      faultLabel: 'Falha',
      error: 'Sobrecorrente',
      rawCode: 'OverCurrentFailure',
      ackLabel: 'Reconhecer',
      ackBy: 'Reconhecido por Ana Administradora',
      toAcknowledge: 'A reconhecer',
    });
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'alerts-phone-triage-br');
  });

  it('es-CO: one card per alert, severity filter, error code in words, acknowledge', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.terpelOperator, 'terpel', { at: '/alerts' });
    await checkPhoneLayout(page);
    await shoot(page, 'alerts-phone-es');
    await triageFault(page, {
      station: 'TERPEL-BOG-001',
      faultLabel: 'Falla',
      error: 'Sobrecorriente',
      rawCode: 'OverCurrentFailure',
      ackLabel: 'Marcar revisada',
      ackBy: 'Revisada por Camilo Restrepo',
      toAcknowledge: 'Por revisar',
    });
    expect(await scrollsSideways(page)).toBeNull();
  });
});
