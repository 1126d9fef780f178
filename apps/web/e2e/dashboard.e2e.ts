import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StatsInfo, StatsSums } from '@recarga/contracts/stats';
import { demoIdTags } from '../../server/src/db/seed/demo-stations';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { connectStation, hoursAgo, recharge, startRecharge, status, type StationClient } from './support/ocpp-station';
import { scrollsSideways } from './support/layout';
import { shoot, shootElement } from './support/screenshots';
import { useSimulator } from './support/simulator';

/** '1.234,56' (pt-BR) or '1,234.56' → 1234.56. */
function parseShown(text: string, decimalComma = true): number {
  const clean = text.replace(/[^\d.,-]/g, '');
  return Number(decimalComma ? clean.replace(/\./g, '').replace(',', '.') : clean.replace(/,/g, ''));
}

const value = (page: Page, id: string) => page.locator(`[data-testid="value-${id}"]`).first();
const marker = (page: Page, chargeBoxId: string) => page.locator(`.cp-marker[data-charge-box-id="${chargeBoxId}"]`);

/** Opens / and returns the stats answers the page itself received. */
async function openDashboard(page: Page, login: { email: string; password: string }, host?: string) {
  const sums = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stats/sums/' && r.status() === 200, { timeout: 30_000 });
  const info = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stats/info/' && r.status() === 200, { timeout: 30_000 });
  await signIn(page, login, host);
  const [s, i] = await Promise.all([sums, info]);
  await page.locator('[data-testid="card-energy"] [data-testid="value-energy"]').waitFor({ timeout: 20_000 });
  return { sums: (await s.json()) as StatsSums, info: (await i.json()) as StatsInfo, sumsUrl: new URL(s.url()) };
}

describe('home dashboard', () => {
  // The indicators' count-up is tested: motion on.
  const browser = useBrowser({ motion: true });
  const online: StationClient[] = [];
  let running: { client: StationClient; transactionId: number } | null = null;
  const simulators = useSimulator();

  beforeAll(async () => {
    // A week of recharges at Sol and Terpel stations, sent by the stations themselves.
    const plan: [string, number, number, number][] = [
      // station, hours ago, minutes, kWh
      ['SOL-BH-001', 150, 55, 38.4],
      ['SOL-BH-001', 120, 35, 21.7],
      ['SOL-BH-001', 97, 80, 52.3],
      ['SOL-BH-001', 70, 42, 27.9],
      ['SOL-BH-001', 30, 25, 18.2],
      ['SOL-RJ-001', 140, 120, 14.6],
      ['SOL-RJ-001', 75, 95, 11.9],
      ['SOL-RJ-001', 20, 60, 9.4],
      ['TERPEL-BOG-001', 160, 45, 33.1],
      ['TERPEL-BOG-001', 100, 30, 24.6],
      ['TERPEL-BOG-001', 50, 50, 41.2],
      ['TERPEL-BOG-002', 130, 40, 45.5],
      ['TERPEL-BOG-002', 60, 28, 36.8],
      ['TERPEL-BOG-002', 10, 33, 29.0],
      ['TERPEL-MDE-001', 90, 65, 31.3],
    ];
    const byStation = new Map<string, [number, number, number][]>();
    for (const [id, h, m, kwh] of plan) byStation.set(id, [...(byStation.get(id) ?? []), [h, m, kwh]]);
    for (const [id, items] of byStation) {
      const c = await connectStation(id, 'E2E dashboard');
      const tags = demoIdTags(id);
      for (const [i, [h, m, kwh]] of items.entries()) {
        await recharge(c, { connectorId: (i % 2) + 1, idTag: tags[i % tags.length]!, startAt: hoursAgo(h), minutes: m, kWh: kwh });
      }
      online.push(c);
    }
    // Now: SOL-BH-001 charging on connector 1; TERPEL-BOG-002 connector 2 faulted; SOL-RJ-001 goes offline.
    const [bh, , bog1, bog2] = online;
    running = { client: bh!, transactionId: await startRecharge(bh!, 1, demoIdTags('SOL-BH-001')[1]!, hoursAgo(0.4), 0) };
    await status(bog1!, 1, 'Charging');
    await status(bog2!, 2, 'Faulted', new Date(), 'GroundFailure');
    await online.splice(1, 1)[0]!.close();
  }, 180_000);

  afterAll(async () => {
    // Leave no recharge running: its tag would be busy for the other test files.
    if (running) {
      await running.client
        .call('StopTransaction', {
          transactionId: running.transactionId,
          meterStop: 6100,
          timestamp: new Date().toISOString(),
          reason: 'Local',
        })
        .catch(() => undefined);
    }
    await Promise.all(online.map((c) => c.close().catch(() => undefined)));
  });

  it('cards: count up over 3 seconds to the figures of stats/sums and stats/info', { timeout: 90_000 }, async () => {
    const { page } = browser;
    const { sums, info, sumsUrl } = await openDashboard(page, logins.admin);

    // The default period: the last 7 local days, 00:00:00 to 23:59:59, in the browser's zone.
    expect(sumsUrl.searchParams.get('fromDate')).toMatch(/ 00:00:00$/);
    expect(sumsUrl.searchParams.get('toDate')).toMatch(/ 23:59:59$/);
    expect(sumsUrl.searchParams.get('timeZone')).toBe('America/Sao_Paulo');
    expect(sums.energy.consumption).toBeGreaterThan(300);

    // Right after the figures arrive the energy card is still counting.
    const early = parseShown(await value(page, 'energy').innerText());
    expect(early).toBeLessThan(sums.energy.consumption);

    // It lands on the figure (within the 3 s of the count-up, and some slack for a busy machine).
    await expect
      .poll(async () => parseShown(await value(page, 'energy').innerText()), { timeout: 10_000 })
      .toBeCloseTo(sums.energy.consumption, 2);
    expect(parseShown(await value(page, 'co2').innerText())).toBeCloseTo(sums.envIndicator.co2Saved, 1);
    expect(parseShown(await value(page, 'users-registered').innerText())).toBe(info.usersRegistered);
    expect(parseShown(await value(page, 'users-charged').innerText())).toBe(info.usersCharged);
    expect(parseShown(await value(page, 'trees').innerText())).toBe(sums.energy.cultivatedTree);
    for (const k of ['charging', 'available', 'unavailable', 'maintenance'] as const) {
      expect(parseShown(await value(page, `stations-${k}`).innerText())).toBe(info.statusChargeBox[k]);
    }
    expect(info.statusChargeBox.charging).toBeGreaterThanOrEqual(2);
    // The administrator holds /financial-indicators and DASH_FINANCIAL_INDICATORS: cost and income, in reais.
    expect(sums.cost).toBeDefined();
    expect(sums.income).toBeGreaterThan(0);
    expect(parseShown(await value(page, 'cost').innerText())).toBeCloseTo(sums.cost! / 100, 2);
    expect(parseShown(await value(page, 'income').innerText())).toBeCloseTo(sums.income! / 100, 2);
    expect(await value(page, 'income').innerText()).toMatch(/^R\$/);
    await shoot(page, 'dashboard-move-br');
  });

  it('cards: a user without the financial role sees no cost or income (Terpel operator, Spanish)', { timeout: 90_000 }, async () => {
    const { page } = browser;
    const { sums } = await openDashboard(page, logins.terpelOperator, 'terpel');
    expect(sums).not.toHaveProperty('cost');
    expect(await page.locator('[data-testid="card-cost"]').count()).toBe(0);
    expect(await page.locator('[data-testid="card-income"]').count()).toBe(0);
    await page.getByRole('heading', { name: 'Vista general' }).waitFor();
    expect(sums.energy.coin).toBe('COP');
    await marker(page, 'TERPEL-BOG-001').waitFor({ timeout: 20_000 });
    await shoot(page, 'dashboard-terpel-es');
    // The same screen on a phone, in Spanish: the map, its search and its legend fit the width.
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.panel-card--map').scrollIntoViewIfNeeded();
      await marker(page, 'TERPEL-BOG-001').waitFor({ timeout: 20_000 });
      expect(await scrollsSideways(page)).toBeNull();
      await shootElement(page.locator('.panel-card--map'), 'dashboard-map-terpel-es-390');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('map: a simulated station’s status change recolours its marker and the cards, without a reload', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const { info } = await openDashboard(page, logins.admin);
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    const id = 'MOVE-SP-003';
    await marker(page, id).waitFor({ timeout: 20_000 });
    expect(await marker(page, id).getAttribute('data-status-group')).toBe('unavailable'); // offline

    const simulator = await simulators.start({ chargeBoxId: id, connectors: 1, powerKw: 7.4 });
    await page.locator(`.cp-marker[data-charge-box-id="${id}"][data-status-group="available"]`).waitFor({ timeout: 20_000 });

    const session = await simulator.plugIn(1, demoIdTags(id)[0]!);
    expect(session.accepted).toBe(true);
    await page.locator(`.cp-marker[data-charge-box-id="${id}"][data-status-group="busy"]`).waitFor({ timeout: 20_000 });
    // The stats topic refreshed the cards: one more station charging.
    await expect
      .poll(async () => Number(await value(page, 'stations-charging').getAttribute('data-value')), { timeout: 20_000 })
      .toBe(info.statusChargeBox.charging + 1);
    expect(loads).toEqual([]);
  });

  it('map: searching a station zooms to 15 on it; a station without coordinates says so', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await openDashboard(page, logins.admin);
    // A station registered without a position (show location off).
    const created = await callApi(page, '/api/chargepoints/', {
      method: 'POST',
      json: {
        chargeBoxId: 'E2E-NO-COORDS',
        description: 'Estação Sem Mapa',
        typeOf: 'PUBLIC',
        showLocation: false,
        locationLatitude: null,
        locationLongitude: null,
        address: { street: 'Rua Sem Número', city: 'São Paulo', state: 'SP' },
        connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
      },
    });
    expect(created.status, created.text).toBe(200);
    await page.reload();
    const map = page.locator('[data-testid="charge-point-map"]');
    await map.waitFor();
    expect(await map.getAttribute('data-zoom')).toBe('10');

    const search = page.locator('[data-testid="map-search"]');
    await search.click();
    await page.keyboard.type('move sp 001');
    await page.locator('.ant-select-item-option', { hasText: 'MOVE-SP-001' }).click();
    await expect.poll(() => map.getAttribute('data-zoom'), { timeout: 10_000 }).toBe('15');
    await page.locator('.cp-popup', { hasText: 'Move Paulista - Conjunto Nacional' }).waitFor();
    await shootElement(page.locator('.panel-card--map'), 'dashboard-map-search');

    await search.click();
    await page.keyboard.type('E2E-NO-COORDS');
    await page.locator('.ant-select-item-option', { hasText: 'E2E-NO-COORDS' }).click();
    await waitForToast(page, 'A estação Estação Sem Mapa não possui latitude e longitude cadastrados.');
    expect(await map.getAttribute('data-zoom')).toBe('15');
  });

  it('map: imported third-party points show as diamonds beside the network’s stations', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await openDashboard(page, logins.admin);
    const imported = await callApi(page, '/api/chargepoints/plug-share/import/', {
      method: 'POST',
      contentType: 'text/csv',
      text: 'id,name,latitude,longitude,street,city,state,connectors\nPS-9001,Shopping Vila Olímpia,-23.5955,-46.6850,Rua Olimpíadas 360,São Paulo,SP,Type 2|CCS2\n',
    });
    expect(imported.status, imported.text).toBe(200);
    await page.reload();
    const point = page.locator('.cp-marker[data-origin="PLUG_SHARE"]').first();
    await point.waitFor({ timeout: 20_000 });
    expect(await point.getAttribute('class')).toContain('cp-marker--point');
    expect(await page.locator('.cp-map__legend').innerText()).toContain('Ponto de terceiros');
  });

  it(
    'map: a viewport holding more than 1,000 points shows clusters that zoom in to the points; the legend counts the scope',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      const { info } = await openDashboard(page, logins.admin);
      // 1,156 third-party points on a 34 × 34 grid, 0.009° apart, around the default centre (São Paulo).
      const rows: string[] = [];
      for (let i = 0; i < 34; i++)
        for (let j = 0; j < 34; j++)
          rows.push(
            `PS-C${i}-${j},Ponto ${i}-${j},${(-23.7 + i * 0.009).toFixed(3)},${(-46.78 + j * 0.009).toFixed(3)},,São Paulo,SP,Type 2`,
          );
      const header = 'id,name,latitude,longitude,street,city,state,connectors\n';
      const imported = await callApi(page, '/api/chargepoints/plug-share/import/?replace=true', {
        method: 'POST',
        contentType: 'text/csv',
        text: header + rows.join('\n'),
      });
      expect(imported.status, imported.text).toBe(200);
      try {
        const asked: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname === '/api/chargepoints/' && url.searchParams.get('originType') === 'PLUG_SHARE')
            asked.push(url.searchParams.get('bounds') ?? '');
        });
        await page.reload();
        const map = page.locator('[data-testid="charge-point-map"]');
        const clusters = page.locator('.cp-cluster[data-origin="PLUG_SHARE"]');
        await clusters.first().waitFor({ timeout: 20_000 });
        // Every point is counted once, whichever cells hold them; the map asked for its viewport only.
        const counts = await clusters.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
        expect(counts.reduce((a, b) => a + b, 0)).toBe(34 * 34);
        expect(asked.length).toBeGreaterThan(0);
        expect(asked.every((b) => /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/.test(b))).toBe(true);
        expect(await page.locator('.cp-marker[data-origin="PLUG_SHARE"]').count()).toBe(0);
        // The legend counts the scope's stations (stats/info), not what the viewport shows.
        expect(parseShown(await page.locator('[data-testid="map-legend-busy"]').innerText())).toBe(info.statusChargeBox.charging);
        expect(parseShown(await page.locator('[data-testid="map-legend-unavailable"]').innerText())).toBe(info.statusChargeBox.unavailable);
        await shootElement(page.locator('.panel-card--map'), 'dashboard-map-clusters');

        // Choosing the largest cluster zooms in by two levels, until the viewport lists the points themselves.
        const settled = () =>
          page.waitForFunction(() => document.querySelector('[data-testid="charge-point-map"]')?.getAttribute('aria-busy') === 'false');
        for (let zoomed = 0; zoomed < 3 && (await clusters.count()) > 0; zoomed++) {
          const before = { zoom: Number(await map.getAttribute('data-zoom')), bounds: await map.getAttribute('data-bounds') };
          const sizes = await clusters.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
          await clusters.nth(sizes.indexOf(Math.max(...sizes))).click();
          await expect.poll(() => map.getAttribute('data-zoom'), { timeout: 10_000 }).toBe(String(before.zoom + 2));
          // The map rests, asks for its new viewport and draws both answers.
          await expect.poll(() => map.getAttribute('data-bounds'), { timeout: 10_000 }).not.toBe(before.bounds);
          await settled();
        }
        await page.locator('.cp-marker[data-origin="PLUG_SHARE"]').first().waitFor({ timeout: 10_000 });
        expect(await clusters.count()).toBe(0);
        const shown = await page.locator('.cp-marker[data-origin="PLUG_SHARE"]').count();
        expect(shown).toBeGreaterThan(0);
        expect(shown).toBeLessThan(34 * 34);
        await shootElement(page.locator('.panel-card--map'), 'dashboard-map-zoomed-in');

        // On a phone the map, its search and its legend fit the width.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.locator('.panel-card--map').scrollIntoViewIfNeeded();
        expect(await scrollsSideways(page)).toBeNull();
        await shootElement(page.locator('.panel-card--map'), 'dashboard-map-390');
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
        // Leaves the tenant's third-party points as the test before left them.
        await callApi(page, '/api/chargepoints/plug-share/import/?replace=true', {
          method: 'POST',
          contentType: 'text/csv',
          text: 'id,name,latitude,longitude,street,city,state,connectors\nPS-9001,Shopping Vila Olímpia,-23.5955,-46.6850,Rua Olimpíadas 360,São Paulo,SP,Type 2|CCS2\n',
        });
      }
    },
  );

  it('statistics page: six charts from stations/dashboard/graphs, period and station filters', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const first = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stations/dashboard/graphs/' && r.status() === 200);
    await page.goto(appUrl('/indicators'));
    const url = new URL((await first).url());
    expect(url.searchParams.get('days')).toBe('7');
    expect(url.searchParams.get('timeDiff')).toBe('3'); // America/Sao_Paulo
    for (const key of ['recharges', 'duration', 'energy', 'autonomy', 'lengthOfStay', 'popularHours']) {
      await page.locator(`[data-testid="graph-${key}"]`).waitFor();
    }
    const week = (await (await first).json()) as { graphs: { key: string; series: { y: number }[] }[] };
    const recharges = week.graphs.find((g) => g.key === 'recharges')!.series.reduce((n, p) => n + p.y, 0);
    expect(await page.locator('[data-testid="graph-summary-recharges"]').innerText()).toContain(String(recharges));

    const month = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/stations/dashboard/graphs/' && new URL(r.url()).searchParams.get('days') === '28',
    );
    await page.locator('[data-testid="indicators-period"]').getByText('Últimos 28 dias').click();
    await month;
    const oneStation = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/stations/dashboard/graphs/' && new URL(r.url()).searchParams.has('stationId'),
    );
    await page.locator('[data-testid="indicators-station"]').click();
    await page.keyboard.type('SOL-BH-001');
    await page.locator('.ant-select-item-option', { hasText: 'SOL-BH-001' }).click();
    await oneStation;
    await page.locator('[data-testid="graph-energy"] canvas').first().waitFor();
    await shoot(page, 'indicators-move-br');
  });
});
