import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoIdTags } from '../../server/src/db/seed/demo-stations';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
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
  await box.fill(text);
  // A new search goes back to the first page (through the address): wait for it.
  await page.waitForFunction(() => {
    const active = document.querySelector('.ant-pagination-item-active');
    return !active || active.textContent === '1';
  });
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
      }
      await c.close();
    }
  }, 120_000);

  it('list: a skeleton while loading, then 10 rows per page with at most 5 page buttons', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    // The list call is held until the skeleton has been seen, then let through.
    let release!: () => void;
    const skeletonSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/notification/chargeBox/?limit=1000*', async (route) => {
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
    // Newest first, and the spec's event labels.
    const dates = await cellTexts(page, 5);
    const parsed = dates.map((d) => {
      const [day, month, year, hh, mm] = d.split(/[/ :]/).map(Number);
      return new Date(year!, month! - 1, day, hh, mm).getTime();
    });
    expect([...parsed].sort((a, b) => b - a)).toEqual(parsed);
    expect(await page.locator('.ant-table-cell .event-tag', { hasText: 'Estação iniciada' }).count()).toBeGreaterThan(0);
  });

  it('search: ignores spaces and case, by name or ChargeBox ID', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await openAlerts(page);
    await search(page, '  sol-rj-0 01 ');
    await expect.poll(async () => (await cellTexts(page, 1)).every((t) => t.includes('SOL-RJ-001')), { timeout: 5000 }).toBe(true);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await search(page, 'BARRA DA tijuca');
    await expect.poll(async () => (await cellTexts(page, 1)).every((t) => t.includes('Sol Barra da Tijuca')), { timeout: 5000 }).toBe(true);
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
      await header('Cidade').click();
      await sortIs('city:asc');
      await sortedBy('Cidade', 'ascending');
      const asc = (await cellTexts(page, 3)).filter((c) => c !== '—');
      expect(asc.length).toBeGreaterThan(0);
      expect([...asc].sort(collator.compare)).toEqual(asc);
      await header('Cidade').click();
      await sortIs('city:desc');
      await sortedBy('Cidade', 'descending');
      const desc = (await cellTexts(page, 3)).filter((c) => c !== '—');
      expect([...desc].sort((a, b) => collator.compare(b, a))).toEqual(desc);
      expect(desc[0]).not.toBe(asc[0]);
      // A reload keeps the order.
      await page.reload();
      await sortedBy('Cidade', 'descending');
      expect((await cellTexts(page, 3)).filter((c) => c !== '—')).toEqual(desc);
      await header('Estação').click();
      await sortIs('station:asc');
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

    // A Failure row shows its error code.
    await search(page, 'SOL-RJ-001 ');
    await openRow(page, 'Falha');
    await page.locator('[data-testid="alert-details"]', { hasText: 'GroundFailure' }).first().waitFor();
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
});
