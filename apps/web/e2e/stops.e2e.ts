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
 * Stopping a charge (issue 40, items 8 and 11): a running recharge is stopped from its row, its
 * detail or (on a phone) its card, the stop reaching only its own station, and the list updates by
 * itself; a recharge whose station went away is closed as lost; the remote stop of the operations
 * screen names running charges by driver, tag, connector and start. Stations are ocpp-rpc clients in
 * strict mode that answer like a real charge point: a RemoteStopTransaction is accepted and followed
 * by the StopTransaction.
 */

/** Júlia Santos's card (demo seed, Move). */
const JULIA = '04B2C3D4E5';
/** Valentina Gómez's card (demo seed, Terpel): for a station of the Terpel network. */
const VALENTINA = '04D4E5F6A7';
/** The Move fleet card (no user). */
const FLEET = '1A2B3C4D';

/**
 * Registers a station of the test in a network (once per server; a repeat is refused as taken),
 * as the administrator. The network is the one of the host the test opens: live events go to a
 * station's network and the networks above it, and the administrator's own (root) network answers
 * on no host, so a station left there would never update a list by itself.
 */
async function ensureStation(page: Page, chargeBoxId: string, network: 'move' | 'terpel') {
  const tenants = await callApi<{ tenants: { tenantPk: number; alias: string }[] }>(page, '/api/admin/tenants');
  expect(tenants.status, tenants.text).toBe(200);
  const tenantPk = tenants.body.tenants.find((t) => t.alias === network)!.tenantPk;
  const created = await postStation(page, {
    chargeBoxId,
    description: `Parada ${chargeBoxId}`,
    ...(network === 'terpel' ? { street: 'Calle de las Paradas', city: 'Bogotá', state: 'Cundinamarca' } : { street: 'Rua das Paradas' }),
    connectors: 2,
    tenantPk,
  });
  const exists = created.status === 409 || (created.status === 400 && created.text.includes('already exists'));
  expect(created.status === 200 || exists, created.text).toBe(true);
}

/**
 * A station that answers a remote stop as real ones do: Accepted, then at once its StopTransaction.
 * The answer takes 400 ms, as over a mobile network, so the page learns of the recharge's end (a
 * live event, at once) before it reads the command's answer (its task, polled each second): the
 * order in which the stop button used to go with the running state and take the station's answer
 * with it (no toast, no words in the detail).
 */
async function stoppingStation(chargeBoxId: string, stops: number[]): Promise<StationClient> {
  const station = await connectStation(chargeBoxId);
  station.handle('RemoteStopTransaction', async ({ params }) => {
    const { transactionId } = params as { transactionId: number };
    stops.push(transactionId);
    await new Promise((r) => setTimeout(r, 400));
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

/**
 * Closes a test's station. A recharge a failed test left running is stopped first: open, it would
 * keep its driver's tag busy for the files that run after on this server.
 */
async function leave(station: StationClient, started: number[], stopped: number[]) {
  for (const transactionId of started.filter((id) => !stopped.includes(id))) {
    await station
      .call('StopTransaction', { transactionId, meterStop: 7_400, timestamp: new Date().toISOString(), reason: 'Local' })
      .catch(() => undefined);
  }
  await station.close({ force: true });
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

/** A recharge in the list: its table row from 768 px up, its card on a phone. */
const txEntry = (page: Page, id: number) => txRow(page, id).or(page.getByTestId(`tx-card-${id}`));

/** The list's "running" mark of a recharge: in its row's start/end cell, or the tag beside its card's name. */
const runningMark = (page: Page, id: number) =>
  txRow(page, id)
    .locator('.tx-running')
    .or(page.getByTestId(`tx-card-${id}`).locator('.record-card__tags .ant-tag'));

/** The recharge's end time in the list (its row's start/end cell, its card's period): there once it has stopped. */
const endTime = (page: Page, id: number) => txEntry(page, id).locator('.tx-period .tx-two-lines__sub');

/**
 * The list shows the recharge as stopped without a reload: its running mark goes and its end time
 * comes (the caller saw the mark first, so the wait cannot pass on an entry that never had it).
 */
async function listShowsStopped(page: Page, id: number) {
  await runningMark(page, id).waitFor({ state: 'detached', timeout: 15_000 });
  await endTime(page, id).waitFor({ timeout: 15_000 });
}

/** A confirmation by its title (antd keeps a hidden copy of the title for screen readers: look in the visible one). */
function confirmDialog(page: Page, title: string) {
  return page.locator('.ant-modal-confirm', { has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
}

describe('stopping a charge', () => {
  const browser = useBrowser();

  it('pt-BR, 1440: a running recharge is stopped from its row after a confirmation naming the driver; the row updates by itself', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page, 'E2E-STOP-A', 'move');
    await ensureStation(page, 'E2E-STOP-B', 'move');
    const stopsA: number[] = [];
    const stopsB: number[] = [];
    const a = await stoppingStation('E2E-STOP-A', stopsA);
    const b = await stoppingStation('E2E-STOP-B', stopsB);
    const startedA: number[] = [];
    const startedB: number[] = [];
    try {
      const onB = await startRecharge(b, 2, FLEET, new Date(Date.now() - 20 * 60_000));
      startedB.push(onB);
      const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 35 * 60_000), 1_000);
      startedA.push(id);
      await meter(a, id, 6_200);

      await page.goto(appUrl('/transactions'));
      const row = txRow(page, id);
      await runningMark(page, id).waitFor();
      await runningMark(page, onB).waitFor();
      await row.getByTestId(`stop-recharge-button-${id}`).click();
      const dialog = confirmDialog(page, 'Parar esta recarga?');
      await dialog.waitFor();
      const text = await dialog.innerText();
      expect(text).toContain('Júlia Santos');
      expect(text).toContain(JULIA);
      expect(text).toContain('E2E-STOP-A, conector 1');
      await shoot(page, 'stops-confirm-br-1440', { fullPage: false });

      await page.getByTestId('stop-recharge-confirm').click();
      await waitForToast(page, 'A estação aceitou a parada.');
      // The station's own StopTransaction ends it: the row says so without a reload.
      await listShowsStopped(page, id);
      expect(await row.innerText()).not.toContain('Em andamento');
      expect(stopsA).toEqual([id]);
      expect(stopsB).toEqual([]);
      // The other station's recharge is untouched.
      expect(await runningMark(page, onB).count()).toBe(1);
      await shoot(page, 'stops-list-after-stop-br-1440', { fullPage: false });

      // The other station's recharge is still running, and stopped from its detail.
      await page.getByTestId(`tx-expand-${onB}`).click();
      const detail = page.getByTestId(`tx-detail-${onB}`);
      await detail.getByTestId(`stop-recharge-button-${onB}`).click();
      await page.getByTestId('stop-recharge-confirm').click();
      await detail.getByTestId(`stop-recharge-result-${onB}`).and(page.locator('[data-outcome="accepted"]')).waitFor({ timeout: 15_000 });
      await listShowsStopped(page, onB);
      expect(stopsB).toEqual([onB]);
    } finally {
      await Promise.all([leave(a, startedA, stopsA), leave(b, startedB, stopsB)]);
    }
  });

  it('pt-BR, 1440: a recharge its station ends on its own (the driver unplugs) leaves the list without a reload', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page, 'E2E-STOP-A', 'move');
    const a = await connectStation('E2E-STOP-A');
    const started: number[] = [];
    const stopped: number[] = [];
    try {
      const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 15 * 60_000));
      started.push(id);
      await page.goto(appUrl('/transactions'));
      await runningMark(page, id).waitFor({ timeout: 15_000 });
      const loads: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) loads.push(frame.url());
      });

      await a.call('StopTransaction', {
        transactionId: id,
        meterStop: 3_300,
        timestamp: new Date().toISOString(),
        reason: 'EVDisconnected',
      });
      stopped.push(id);
      // The live TransactionEnded event reads the list again: nobody clicked, nothing reloaded.
      await listShowsStopped(page, id);
      expect(await txRow(page, id).getByTestId(`stop-recharge-button-${id}`).count()).toBe(0);
      expect(loads).toEqual([]);
    } finally {
      await leave(a, started, stopped);
    }
  });

  it('pt-BR, 1440: the remote stop of the operations screen offers running charges by driver, tag, connector and start', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await ensureStation(page, 'E2E-STOP-A', 'move');
    const stops: number[] = [];
    const a = await stoppingStation('E2E-STOP-A', stops);
    const started: number[] = [];
    try {
      const id = await startRecharge(a, 1, JULIA, new Date(Date.now() - 10 * 60_000));
      started.push(id);
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
      const dialog = confirmDialog(page, 'Parar esta recarga?');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Júlia Santos (04B2C3D4E5)');
      await page.getByTestId('remote-stop-confirm').click();
      await page.getByTestId('task-progress').getByText('Aceito').first().waitFor({ timeout: 15_000 });
      expect(stops).toEqual([id]);
      // The station's StopTransaction ended the recharge.
      await expect
        .poll(
          async () =>
            (await callApi<{ transaction: { stopTimestamp: string | null } }>(page, `/api/transaction/${id}/`)).body.transaction
              .stopTimestamp,
          { timeout: 15_000 },
        )
        .not.toBeNull();
    } finally {
      await leave(a, started, stops);
    }
  });

  it('es-CO, 390: an open recharge of a station that went away is closed as lost with its last energy, and says who closed it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, logins.admin, 'terpel');
    await ensureStation(page, 'E2E-STOP-LOST', 'terpel');
    const station = await connectStation('E2E-STOP-LOST');
    const id = await startRecharge(station, 1, VALENTINA, new Date(Date.now() - 50 * 60_000), 2_000);
    await meter(station, id, 9_500); // 7.5 kWh metered, then the station vanishes without its stop
    await station.close({ force: true });
    try {
      await expect
        .poll(
          async () =>
            (await callApi<{ transaction: { stationOnline: boolean } }>(page, `/api/transaction/${id}/`)).body.transaction.stationOnline,
        )
        .toBe(false);

      await page.goto(appUrl('/transactions', 'terpel'));
      // A phone: the recharge is a card, still marked running, with no stop button (its station is gone).
      const card = page.getByTestId(`tx-card-${id}`);
      await card.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('tx-table').count()).toBe(0);
      await runningMark(page, id).waitFor();
      expect(await card.getByTestId(`stop-recharge-button-${id}`).count()).toBe(0);
      await card.getByRole('button', { name: `Mostrar detalles de la carga ${id}`, exact: true }).click();
      const detail = card.getByTestId(`tx-detail-${id}`);
      await detail.getByTestId(`close-lost-${id}`).click();
      const dialog = confirmDialog(page, '¿Cerrar esta recarga como perdida?');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('7,50 kWh');
      await shoot(page, 'stops-close-lost-confirm-es-co-390', { fullPage: false });
      await page.getByTestId('close-lost-confirm').click();
      await waitForToast(page, 'Recarga cerrada como perdida.');

      await detail.getByText('Perdida (cerrada por un operador)', { exact: true }).waitFor();
      const closedBy = detail.locator('.tx-fact', { has: page.locator('dt', { hasText: /^Cerrada por$/ }) }).locator('dd');
      expect(await closedBy.innerText()).toMatch(/^Ana Administradora el \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      await listShowsStopped(page, id);
      const answer = await callApi<{ transaction: { energyWh: number; stopEventActor: string } }>(page, `/api/transaction/${id}/`);
      expect(answer.body.transaction).toMatchObject({ energyWh: 7_500, stopEventActor: 'operator' });
      expect(await scrollsSideways(page)).toBeNull();
      await shoot(page, 'stops-closed-lost-es-co-390');
    } finally {
      // Left open by a failed test, it would keep Valentina's tag busy for the files that run after (idempotent once closed).
      await callApi(page, `/api/transaction/${id}/close-lost/`, { method: 'POST' });
    }
  });

  for (const view of [
    {
      name: 'es-CO, 390',
      host: 'terpel',
      network: 'terpel',
      station: 'E2E-STOP-CO',
      tag: VALENTINA,
      driver: 'Valentina Gómez',
      width: 390,
      from: 'detail',
      button: 'Detener recarga',
      title: '¿Detener esta recarga?',
      done: 'La estación aceptó detener la recarga.',
    },
    {
      name: 'pt-BR, 390',
      host: undefined,
      network: 'move',
      station: 'E2E-STOP-A',
      tag: JULIA,
      driver: 'Júlia Santos',
      width: 390,
      from: 'card',
      button: 'Parar recarga',
      title: 'Parar esta recarga?',
      done: 'A estação aceitou a parada.',
    },
    {
      name: 'es-CO, 1440',
      host: 'terpel',
      network: 'terpel',
      station: 'E2E-STOP-CO',
      tag: VALENTINA,
      driver: 'Valentina Gómez',
      width: 1440,
      from: 'detail',
      button: 'Detener recarga',
      title: '¿Detener esta recarga?',
      done: 'La estación aceptó detener la recarga.',
    },
  ] as const) {
    it(`${view.name}: a running recharge is stopped from its ${view.from}, the stop button named for screen readers, the page fitting`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: view.width, height: 844 });
      await signIn(page, logins.admin, view.host);
      await ensureStation(page, view.station, view.network);
      const stops: number[] = [];
      const a = await stoppingStation(view.station, stops);
      const started: number[] = [];
      try {
        const id = await startRecharge(a, 1, view.tag, new Date(Date.now() - 5 * 60_000));
        started.push(id);
        await page.goto(appUrl('/transactions', view.host));
        await runningMark(page, id).waitFor({ timeout: 15_000 });
        // Below 768 px the list is cards, from 768 px up a table.
        expect(await page.getByTestId(`tx-card-${id}`).count()).toBe(view.width < 768 ? 1 : 0);
        expect(await txRow(page, id).count()).toBe(view.width < 768 ? 0 : 1);
        if (view.from === 'card') {
          // The card's own stop button: the station's answer comes as a toast.
          await page.getByTestId(`tx-card-${id}`).getByRole('button', { name: view.button, exact: true }).click();
          const dialog = confirmDialog(page, view.title);
          await dialog.waitFor();
          expect(await dialog.innerText()).toContain(`${view.driver} (${view.tag})`);
          await page.getByTestId('stop-recharge-confirm').click();
          await waitForToast(page, view.done);
        } else {
          await page.getByTestId(`tx-expand-${id}`).click();
          const detail = page.getByTestId(`tx-detail-${id}`);
          await detail.getByRole('button', { name: view.button, exact: true }).click();
          const dialog = confirmDialog(page, view.title);
          await dialog.waitFor();
          expect(await dialog.innerText()).toContain(`${view.driver} (${view.tag})`);
          await page.getByTestId('stop-recharge-confirm').click();
          await detail.getByText(view.done).waitFor({ timeout: 15_000 });
        }
        expect(await scrollsSideways(page)).toBeNull();
        await shoot(page, `stops-detail-stopped-${view.name.replace(/[ ,]+/g, '-').toLowerCase()}`);
        await listShowsStopped(page, id);
        expect(stops).toEqual([id]);
      } finally {
        await leave(a, started, stops);
      }
    });
  }
});
