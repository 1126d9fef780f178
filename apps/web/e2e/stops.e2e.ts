import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, startRecharge, type StationClient } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { postStation } from './support/stations';

/*
 * Stopping a charge (issue 40, items 8, 11 and 22): a running recharge is stopped from its row, the
 * stop reaching only its own station, and the list updates by itself; a recharge whose station
 * went away is closed as lost; the remote stop of the operations screen names running charges by
 * driver. Stations are ocpp-rpc clients in strict mode that answer like a real charge point: a
 * RemoteStopTransaction is accepted and followed by the StopTransaction.
 */

/** Júlia Santos's card (demo seed, Move). */
const JULIA = '04B2C3D4E5';
/** Valentina Gómez's card (demo seed, Terpel): for a station of the Terpel network. */
const VALENTINA = '04D4E5F6A7';
/** The Move fleet card (no user). */
const FLEET = '1A2B3C4D';

/** Registers a station of the test (once per server; a repeat is refused as taken). */
async function ensureStation(page: Page, chargeBoxId: string) {
  const created = await postStation(page, { chargeBoxId, description: `Parada ${chargeBoxId}`, street: 'Rua das Paradas', connectors: 2 });
  const exists = created.status === 409 || (created.status === 400 && created.text.includes('already exists'));
  expect(created.status === 200 || exists, created.text).toBe(true);
}

/** A station that answers a remote stop as real ones do: Accepted, then its StopTransaction and the connector freed. */
async function stoppingStation(chargeBoxId: string, stops: number[]): Promise<StationClient> {
  const station = await connectStation(chargeBoxId);
  station.handle('RemoteStopTransaction', async ({ params }) => {
    const { transactionId } = params as { transactionId: number };
    stops.push(transactionId);
    // After the answer, as a station does: the stop is its own message.
    setImmediate(() => {
      void (async () => {
        await station.call('StopTransaction', { transactionId, meterStop: 7_400, timestamp: new Date().toISOString(), reason: 'Remote' });
      })();
    });
    return { status: 'Accepted' };
  });
  return station;
}

async function meter(station: StationClient, transactionId: number, wh: number) {
  await station.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [
      {
        timestamp: new Date().toISOString(),
        sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
      },
    ],
  });
}

const txRow = (page: Page, id: number) => page.locator(`tr[data-row-key="${id}"]`);

describe('stopping a charge', () => {
  const browser = useBrowser();

  it('pt-BR, 1440: a running recharge is stopped from its row after a confirmation naming the driver; the row updates by itself', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page, 'E2E-STOP-A');
    await ensureStation(page, 'E2E-STOP-B');
    const stopsA: number[] = [];
    const stopsB: number[] = [];
    const a = await stoppingStation('E2E-STOP-A', stopsA);
    const b = await stoppingStation('E2E-STOP-B', stopsB);
    try {
      const onB = await startRecharge(b, 2, FLEET, new Date(Date.now() - 20 * 60_000));
      const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 35 * 60_000), 1_000);
      await meter(a, id, 6_200);

      await page.goto(appUrl('/transactions'));
      const row = txRow(page, id);
      await row.locator('.tx-running').waitFor();
      await row.getByTestId(`stop-recharge-button-${id}`).click();
      const dialog = page.locator('.ant-modal-confirm').last();
      await dialog.getByText('Parar esta recarga?').first().waitFor();
      const text = await dialog.innerText();
      expect(text).toContain('Júlia Santos');
      expect(text).toContain(JULIA);
      expect(text).toContain('E2E-STOP-A, conector 1');
      await shoot(page, 'stops-confirm-br-1440', { fullPage: false });

      await page.getByTestId('stop-recharge-confirm').click();
      await waitForToast(page, 'A estação aceitou a parada.');
      // The station's own StopTransaction ends it: the row says so without a reload.
      await row.locator('.tx-running').waitFor({ state: 'detached', timeout: 15_000 });
      await row.getByText('Em andamento').waitFor({ state: 'detached' });
      expect(stopsA).toEqual([id]);
      expect(stopsB).toEqual([]);
      await shoot(page, 'stops-list-after-stop-br-1440', { fullPage: false });

      // The other station's recharge is still running, and stopped from its detail.
      await page.getByTestId(`tx-expand-${onB}`).click();
      const detail = page.getByTestId(`tx-detail-${onB}`);
      await detail.getByTestId(`stop-recharge-button-${onB}`).click();
      await page.getByTestId('stop-recharge-confirm').click();
      await detail.getByTestId(`stop-recharge-result-${onB}`).and(page.locator('[data-outcome="accepted"]')).waitFor({ timeout: 15_000 });
      await txRow(page, onB).locator('.tx-running').waitFor({ state: 'detached', timeout: 15_000 });
      expect(stopsB).toEqual([onB]);
    } finally {
      await Promise.all([a.close({ force: true }), b.close({ force: true })]);
    }
  });

  it('pt-BR, 1440: the remote stop of the operations screen offers running charges by driver, tag, connector and start', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page, 'E2E-STOP-A');
    const stops: number[] = [];
    const a = await stoppingStation('E2E-STOP-A', stops);
    try {
      const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 10 * 60_000));
      await page.goto(appUrl('/operations/v16'));
      await page.getByRole('menuitem', { name: 'Parar recarga remota', exact: true }).click();
      const transfer = page.locator('.operations-transfer');
      const available = transfer.locator('.operations-transfer__section').first();
      await available.getByPlaceholder('Buscar estações').fill('E2E-STOP-A');
      await available.locator('.ant-transfer-list-content-item', { hasText: 'E2E-STOP-A' }).click();
      await transfer.locator('.operations-transfer__actions button').first().click();

      await page.getByLabel('Recarga em curso', { exact: true }).click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Júlia Santos' });
      await option.waitFor();
      expect(await option.innerText()).toMatch(
        /^E2E-STOP-A · conector 1 · Júlia Santos \(04B2C3D4E5\) · desde \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
      );
      await option.click();
      await shoot(page, 'stops-operations-running-br-1440', { fullPage: false });
      await page.locator('.operations-form button[type="submit"]').click();
      await page.getByRole('dialog').getByText('Parar esta recarga?').first().waitFor();
      await page.getByTestId('remote-stop-confirm').click();
      await page.getByTestId('task-progress').getByText('Aceito').first().waitFor({ timeout: 15_000 });
      expect(stops).toEqual([id]);
    } finally {
      await a.close({ force: true });
    }
  });

  it('es-CO, 390: an open recharge of a station that went away is closed as lost with its last energy, and says who closed it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, logins.admin, 'terpel');
    await ensureStation(page, 'E2E-STOP-LOST');
    const station = await connectStation('E2E-STOP-LOST');
    const id = await startRecharge(station, 1, VALENTINA, new Date(Date.now() - 50 * 60_000), 2_000);
    await meter(station, id, 9_500); // 7.5 kWh metered, then the station vanishes without its stop
    await station.close({ force: true });
    await expect
      .poll(
        async () =>
          (await callApi<{ transaction: { stationOnline: boolean } }>(page, `/api/transaction/${id}/`)).body.transaction.stationOnline,
      )
      .toBe(false);

    await page.goto(appUrl('/transactions', 'terpel'));
    await page.getByTestId(`tx-expand-${id}`).click();
    const detail = page.getByTestId(`tx-detail-${id}`);
    await detail.getByTestId(`close-lost-${id}`).click();
    const dialog = page.locator('.ant-modal-confirm').last();
    await dialog.getByText('¿Cerrar esta recarga como perdida?').first().waitFor();
    expect(await dialog.innerText()).toContain('7,50 kWh');
    await shoot(page, 'stops-close-lost-confirm-es-co-390', { fullPage: false });
    await page.getByTestId('close-lost-confirm').click();
    await waitForToast(page, 'Recarga cerrada como perdida.');

    await detail.getByText('Perdida (cerrada por un operador)').waitFor();
    await detail.getByText('Cerrada por').waitFor();
    await txRow(page, id).locator('.tx-running').waitFor({ state: 'detached' });
    const answer = await callApi<{ transaction: { energyWh: number; stopEventActor: string } }>(page, `/api/transaction/${id}/`);
    expect(answer.body.transaction).toMatchObject({ energyWh: 7_500, stopEventActor: 'operator' });
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'stops-closed-lost-es-co-390');
  });

  for (const view of [
    {
      name: 'es-CO, 390',
      host: 'terpel',
      width: 390,
      button: 'Detener recarga',
      title: '¿Detener esta recarga?',
      done: 'La estación aceptó detener la recarga.',
    },
    {
      name: 'pt-BR, 390',
      host: undefined,
      width: 390,
      button: 'Parar recarga',
      title: 'Parar esta recarga?',
      done: 'A estação aceitou a parada.',
    },
    {
      name: 'es-CO, 1440',
      host: 'terpel',
      width: 1440,
      button: 'Detener recarga',
      title: '¿Detener esta recarga?',
      done: 'La estación aceptó detener la recarga.',
    },
  ]) {
    it(`${view.name}: a running recharge is stopped from its detail, the stop button named for screen readers, the page fitting`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: view.width, height: 844 });
      await signIn(page, logins.admin, view.host);
      await ensureStation(page, 'E2E-STOP-A');
      const stops: number[] = [];
      const a = await stoppingStation('E2E-STOP-A', stops);
      try {
        const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 5 * 60_000));
        await page.goto(appUrl('/transactions', view.host));
        await page.getByTestId(`tx-expand-${id}`).click();
        const detail = page.getByTestId(`tx-detail-${id}`);
        await detail.getByRole('button', { name: view.button }).click();
        await page.getByRole('dialog').getByText(view.title).first().waitFor();
        await page.getByTestId('stop-recharge-confirm').click();
        await detail.getByText(view.done).waitFor({ timeout: 15_000 });
        expect(await scrollsSideways(page)).toBeNull();
        await shoot(page, `stops-detail-stopped-${view.name.replace(/[ ,]+/g, '-').toLowerCase()}`);
        await txRow(page, id).locator('.tx-running').waitFor({ state: 'detached', timeout: 15_000 });
        expect(stops).toEqual([id]);
      } finally {
        await a.close({ force: true });
      }
    });
  }
});
