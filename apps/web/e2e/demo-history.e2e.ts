import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StatsSums } from '@recarga/contracts/stats';
import type { GraphsResponse } from '@recarga/contracts/station-graphs';
import type { FinancialPage } from '@recarga/contracts/financial';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { shoot } from './support/screenshots';
import { withOwnServer } from './support/server';

/**
 * A fresh demo server has a past (issue 40 item 19): the home dashboard and the statistics page
 * show recharges before today, in each network's language, on a desktop and on a phone.
 *
 * The shared servers start without the history (DEMO_HISTORY=false, global-setup.ts): this file
 * runs on a fresh server of its own with the history on, as `npm start` loads it.
 */
withOwnServer({ DEMO_HISTORY: 'true' });
const networks = [
  {
    name: 'sol-br',
    login: logins.solOperator,
    host: 'sol',
    month: 'Últimos 28 dias',
    overview: 'Visão geral',
    timeZone: 'America/Sao_Paulo',
    // The financial screen needs the monetization role (the administrator has it) or Terpel's theme.
    financial: { login: logins.admin, host: undefined },
  },
  {
    name: 'terpel-es',
    login: logins.terpelOperator,
    host: 'terpel',
    month: 'Últimos 28 días',
    overview: 'Vista general',
    timeZone: 'America/Bogota',
    financial: { login: logins.terpelOperator, host: 'terpel' },
  },
] as const;

const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const isPath = (path: string) => (r: { url(): string; status(): number }) => new URL(r.url()).pathname === path && r.status() === 200;

/** Today's recharges in the network, asked of the server as the signed-in operator. */
async function todaysRecharges(page: Page, timeZone: string): Promise<number> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const answer = await callApi<StatsSums>(
    page,
    `/api/stats/sums/?fromDate=${today}&toDate=${today}&timeZone=${encodeURIComponent(timeZone)}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.recharges;
}

for (const viewport of viewports) {
  describe(`demo history at ${viewport.width} px`, () => {
    const browser = useBrowser({ viewport });

    for (const n of networks) {
      it(`home (${n.name}): the last 7 days hold recharges before today`, { timeout: 90_000 }, async () => {
        const { page } = browser;
        const sums = page.waitForResponse(isPath('/api/stats/sums/'), { timeout: 30_000 });
        await signIn(page, n.login, n.host);
        const week = (await (await sums).json()) as StatsSums;
        await page.getByRole('heading', { name: n.overview }).waitFor();
        const today = await todaysRecharges(page, n.timeZone);
        // A few recharges a day at each station: the week holds far more than today alone.
        expect(week.recharges).toBeGreaterThan(today + 20);
        expect(week.energy.consumption).toBeGreaterThan(300);
        const energy = page.locator('[data-testid="card-energy"] [data-testid="value-energy"]');
        await expect.poll(async () => Number(await energy.getAttribute('data-value')), { timeout: 15_000 }).toBe(week.energy.consumption);
        expect(await scrollsSideways(page)).toBeNull();
        await shoot(page, `demo-history-home-${n.name}-${viewport.width}`);
      });

      it(`statistics (${n.name}): 28 days of recharges, nearly every day`, { timeout: 90_000 }, async () => {
        const { page } = browser;
        await signIn(page, n.login, n.host, { at: null });
        const first = page.waitForResponse(isPath('/api/stations/dashboard/graphs/'), { timeout: 30_000 });
        await page.goto(appUrl('/indicators', n.host));
        await first;
        const month = page.waitForResponse(
          (r) => isPath('/api/stations/dashboard/graphs/')(r) && new URL(r.url()).searchParams.get('days') === '28',
          { timeout: 30_000 },
        );
        await page.locator('[data-testid="indicators-period"]').getByText(n.month).click();
        const graphs = (await (await month).json()) as GraphsResponse;
        const recharges = graphs.graphs.find((g) => g.key === 'recharges')!.series;
        const total = recharges.reduce((sum, p) => sum + p.y, 0);
        // The history's days, not only today's: the network recharged on (nearly) all of the 28 days.
        expect(recharges.filter((p) => p.y > 0).length).toBeGreaterThanOrEqual(24);
        expect(total).toBeGreaterThan(100);
        const summary = page.locator('[data-testid="graph-summary-recharges"]');
        await expect.poll(async () => Number((await summary.innerText()).replace(/\D/g, '')), { timeout: 15_000 }).toBe(total);
        await page.locator('[data-testid="graph-energy"] canvas').first().waitFor();
        expect(await scrollsSideways(page)).toBeNull();
        await shoot(page, `demo-history-indicators-${n.name}-${viewport.width}`);
      });

      it(`financial (${n.name}): the movements list opens on the history's money`, { timeout: 90_000 }, async () => {
        const { page } = browser;
        await signIn(page, n.financial.login, n.financial.host, { at: null });
        const list = page.waitForResponse(isPath('/gateway/transactions'), { timeout: 30_000 });
        await page.goto(appUrl('/financial', n.financial.host));
        const movements = (await (await list).json()) as FinancialPage;
        // The default period's movements include days before today.
        const startOfToday = new Date(new Intl.DateTimeFormat('en-CA', { timeZone: n.timeZone }).format(new Date()) + 'T00:00:00Z');
        expect(movements.totalElements).toBeGreaterThan(20);
        await page.locator('[data-testid="fin-tabs"]').waitFor();
        expect(await page.locator('[data-testid="fin-empty"]').count()).toBe(0);
        const older = await callApi<FinancialPage>(
          page,
          `/gateway/transactions?startDate=${new Date(startOfToday.getTime() - 20 * 86_400_000).toISOString().slice(0, 10)}&endDate=${new Date(startOfToday.getTime() - 10 * 86_400_000).toISOString().slice(0, 10)}`,
        );
        expect(older.status, older.text).toBe(200);
        expect(older.body.totalElements).toBeGreaterThan(20);
        expect(await scrollsSideways(page)).toBeNull();
        await shoot(page, `demo-history-financial-${n.name}-${viewport.width}`);
      });
    }
  });
}
