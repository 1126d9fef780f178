import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRPCError } from 'ocpp-rpc';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, status, type StationClient } from './support/ocpp-station';

/*
 * The operational log (/log, 001 §2) against the real server: a simulated Andes station boots and
 * reports a fault through the real central system, the administrator sends it two commands (one
 * it refuses with a CALLERROR), and the day's log shows them coloured by level; downloads; phone.
 */

const STATION = 'ANDES-UIO-001';
const TENANT = 'Andes Carga';
const MODEL = 'E2E-Log';

let station: StationClient;

const visible = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

async function openLog(page: Page) {
  await page.goto(appUrl('/log'));
  await page.getByRole('heading', { name: 'Registros' }).waitFor();
}

async function pickTenant(page: Page, name: string) {
  await page.getByLabel('Rede', { exact: true }).click();
  await page.locator(visible, { hasText: name }).click();
}

/** The rendered lines with their level and colour. */
function panelLines(page: Page) {
  return page.getByTestId('log-panel').evaluate((panel) =>
    [...panel.querySelectorAll<HTMLElement>('.log-line')].map((el) => ({
      text: el.textContent ?? '',
      level: el.dataset.level ?? null,
      colour: getComputedStyle(el).color,
    })),
  );
}

const rgb = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];

describe('operational log (/log)', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    station = await connectStation(STATION, MODEL);
    station.handle('ChangeAvailability', async () => ({ status: 'Accepted' }));
    station.handle('ClearCache', async () => {
      throw createRPCError('InternalError', 'E2E: cache busy');
    });
    await status(station, 1, 'Faulted', new Date(), 'GroundFailure');
  });
  afterAll(async () => {
    await station?.close({ force: true });
  });

  it('shows a simulated station’s boot, its fault and the commands sent, coloured by level; refreshes and downloads the day', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const command = await callApi<{ taskId: number }>(page, '/api/operations/v1.6/change_availability/', {
      method: 'POST',
      json: { chargePointSelectList: [STATION], availType: 'OPERATIVE', connectorId: 0 },
    });
    expect(command.status, command.text).toBe(200);
    const task = command.body.taskId;
    // The station answers this one with a CALLERROR: an ERROR line.
    const refused = await callApi<{ taskId: number }>(page, '/api/operations/v1.6/clear_cache/', {
      method: 'POST',
      json: { chargePointSelectList: [STATION] },
    });
    expect(refused.status, refused.text).toBe(200);

    await openLog(page);
    // The first tenant of the scope is preselected: the administrator's own.
    await expect.poll(() => page.locator('.log-page__tenant .ant-select').innerText()).toContain('Recarga');
    await pickTenant(page, TENANT);
    await expect
      .poll(
        async () => {
          await page.getByTestId('log-refresh').click();
          const now = await panelLines(page).catch(() => []);
          return now.some((l) => l.text.includes(`(tarea ${task})`)) && now.some((l) => l.text.includes(`(tarea ${refused.body.taskId})`));
        },
        { timeout: 20_000, interval: 700 },
      )
      .toBe(true);

    const lines = await panelLines(page);
    const boot = lines.find((l) => l.text.includes(`[${STATION}] BootNotification fabricante=Recarga modelo=${MODEL} → Accepted`));
    const fault = lines.find((l) => l.text.includes(`[${STATION}] StatusNotification conector=1 estado=Faulted error=GroundFailure`));
    const accepted = lines.find((l) => l.text.includes(`[${STATION}] ChangeAvailability → Accepted (tarea ${task})`));
    expect(boot?.level).toBe('INFO');
    expect(fault?.level).toBe('WARN');
    expect(accepted?.level).toBe('INFO');
    // INFO green, WARN orange, ERROR red (the theme's success, warning and error text colours).
    const [ir, ig, ib] = rgb(boot!.colour);
    expect(ig).toBeGreaterThan(ir);
    expect(ig).toBeGreaterThan(ib);
    const [wr, wg, wb] = rgb(fault!.colour);
    expect(wr).toBeGreaterThan(wg);
    expect(wg).toBeGreaterThan(wb);
    const callError = lines.find((l) => l.text.includes(`[${STATION}] ClearCache → CALL_ERROR`));
    expect(callError?.level).toBe('ERROR');
    const [er, eg, eb] = rgb(callError!.colour);
    expect(er).toBeGreaterThan(eg + 60);
    expect(er).toBeGreaterThan(eb + 60);
    // Only this tenant's stations.
    expect(lines.every((l) => !/\[(SOL|MOVE|TERPEL)-/.test(l.text))).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^log-andes-\d{4}-\d{2}-\d{2}\.txt$/);
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file).toContain(`INFO [${STATION}] BootNotification fabricante=Recarga modelo=${MODEL} → Accepted`);
    expect(file).toContain(`INFO [${STATION}] ChangeAvailability → Accepted (tarea ${task})`);
  });

  it('on a phone: no sideways scrolling, the lists’ failure with a retry, the download’s failure toast', async () => {
    const { page, context } = browser;
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, logins.admin);
    let failLog = true;
    await context.route('**/api/log/?**', (route) => (failLog ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await context.route('**/api/log/download**', (route) => route.fulfill({ status: 500, body: '{}' }));

    await openLog(page);
    const failure = page.locator('.ant-alert', { hasText: 'Erro ao carregar listas' });
    await failure.waitFor();
    failLog = false;
    await failure.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByTestId('log-panel').or(page.locator('.log-page__notice')).first().waitFor();
    expect(await scrollsSideways(page)).toBeNull();

    await pickTenant(page, TENANT);
    await page.getByTestId('log-panel').waitFor();
    expect(await scrollsSideways(page)).toBeNull();
    await page.getByTestId('log-download').click();
    await waitForToast(page, 'Não foi possível fazer o download dos logs do dia');
  });
});
