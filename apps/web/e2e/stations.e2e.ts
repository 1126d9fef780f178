import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { demoIdTags } from '../../server/src/db/seed/demo-stations';
import { appUrl, useBrowser } from './support/browser';
import { rgbPng } from './support/png';
import { logins, signIn, waitForToast } from './support/auth';
import { fillByLabel, openTab, waitForNumberField } from './support/forms';
import { shoot } from './support/screenshots';
import { waitForAnimations } from './support/still';
import { meterValuesSent, useSimulator } from './support/simulator';
import { saveGroupAndFindRow } from './support/station-groups';

// ---------------------------------------------------------------------------------------------
// A real PNG file, made here (no fixture on disk): 8×8 pixels in the brand's green.

function smallPng(size = 8): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x0b, 0x8a, 0x6a]))]);
  return rgbPng(
    size,
    Array.from({ length: size }, () => row),
  );
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// ---------------------------------------------------------------------------------------------
// Helpers for the component library's widgets, driven like a user would.

/** Opens the select of the form item labelled `label` and picks the option with this text. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page
    .getByLabel(label, { exact: typeof label === 'string' })
    .first()
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function typeTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

function row(page: Page, chargeBoxId: string) {
  return page.locator('.stations-table .ant-table-row', { hasText: chargeBoxId });
}

async function searchStation(page: Page, chargeBoxId: string) {
  await page.locator('[data-testid="station-search"]').fill(chargeBoxId);
  await row(page, chargeBoxId).waitFor({ timeout: 15_000 });
}

const isGeocode = (r: Request) => new URL(r.url()).pathname === '/api/geocode/';

describe('stations', () => {
  const browser = useBrowser();
  const simulators = useSimulator();

  it(
    'station lifecycle: created through every tab, edited, shown with its live status, QR and Excel downloaded, deleted after confirmation',
    { timeout: 240_000 },
    async () => {
      const { page } = browser;
      const chargeBoxId = `E2E-${Date.now().toString(36).toUpperCase()}`;
      const description = `Estação E2E ${chargeBoxId}`;
      await signIn(page, logins.admin);

      // The list and the create check.
      await page.goto(appUrl('/stations'));
      await page.locator('.stations-table .ant-table-row').first().waitFor();
      await shoot(page, 'stations-list');
      await page.locator('[data-testid="new-station"]').click();
      await page.waitForURL((url) => url.pathname === '/stations/create');
      await page.locator('[data-testid="station-submit"]').waitFor();

      // General: identity, a private station with an owner found by CPF, opening hours.
      await page.locator('.station-form').waitFor();
      await fillByLabel(page, 'ChargeBox ID', chargeBoxId);
      await fillByLabel(page, 'Endereço do endpoint', '10.0.0.15');
      await fillByLabel(page, 'Descrição', description);
      await fillByLabel(page, 'ID externo', 'EXT-42');
      await page.getByText('Privada', { exact: true }).click();
      await page.getByLabel('CPF para adicionar em Proprietários').fill('52998224725');
      await page.getByRole('button', { name: 'Buscar CPF' }).first().click();
      await waitForToast(page, 'Daniela Proprietária adicionado(a).');
      await page.getByRole('switch', { name: 'Aberta 24 horas' }).click();
      await typeTime(page, 'Abre às', '08:00:00');
      await typeTime(page, 'Fecha às', '00:00:00');
      await shoot(page, 'station-form-general');

      // The Technical settings tab waits for the station's connectors.
      expect(await page.locator('.ant-tabs-tab-disabled', { hasText: 'Configurações técnicas' }).count()).toBe(1);

      // Address: the zip-code look-up runs first (offline here it answers with a clear error);
      // this user may edit the address by hand.
      await openTab(page, 'address');
      await page.locator('[data-testid="zip-input"]').fill('01310-100');
      await page.getByLabel('Consultando o CEP').waitFor({ state: 'detached', timeout: 15_000 });
      await fillByLabel(page, 'Rua', 'Avenida Paulista');
      // Street and number start a geocoding look-up; let it land before the position is typed over.
      const geocoded = page.waitForResponse((r) => isGeocode(r.request()) && new URL(r.url()).searchParams.get('number') === '1578');
      await fillByLabel(page, 'Número', '1578');
      await fillByLabel(page, 'Cidade', 'São Paulo');
      await fillByLabel(page, 'Estado', 'SP');
      expect((await geocoded).status()).toBe(200);
      await waitForNumberField(page, 'Latitude', -23.5613);
      await fillByLabel(page, 'Latitude', '-23.561414');
      await fillByLabel(page, 'Longitude', '-46.655881');
      await page.getByLabel('Latitude', { exact: true }).press('Tab');
      await shoot(page, 'station-form-address');

      // Payment: charged per kWh, 5 % tax.
      await openTab(page, 'payment');
      await page.getByRole('switch', { name: 'Cobrar pelas recargas' }).click();
      await fillByLabel(page, 'Custo por kWh', '0,89');
      await fillByLabel(page, 'Receita por kWh', '1,99');
      await fillByLabel(page, 'Receita por recarga', '3');
      await page.getByLabel('Imposto', { exact: true }).fill('5');
      await shoot(page, 'station-form-payment');

      // Photos: a real PNG made by the test.
      await openTab(page, 'photos');
      await page
        .locator('.ant-tabs-content-active input[type="file"]')
        .setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: smallPng() });
      await page.locator('.ant-upload-list-item', { hasText: 'fachada.png' }).waitFor();
      // A second file with the same name is refused with the spec's message.
      await page
        .locator('.ant-tabs-content-active input[type="file"]')
        .setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: smallPng(4) });
      await waitForToast(page, 'Já existe uma imagem com este nome!');
      await shoot(page, 'station-form-photos');

      await page.locator('[data-testid="station-submit"]').click();
      await waitForToast(page, 'Estação criada com sucesso!');
      await page.waitForURL((url) => url.pathname === '/stations', { timeout: 10_000 });

      // The new station on the list, offline and without connectors yet.
      await searchStation(page, chargeBoxId);
      expect(await page.locator(`[data-testid="online-${chargeBoxId}"]`).getAttribute('data-online')).toBe('false');

      // A simulated charge point connects with the new ChargeBox ID: online and connectors appear live.
      const simulator = await simulators.start({ chargeBoxId, connectors: 2, powerKw: 22 });
      await page.locator(`[data-testid="online-${chargeBoxId}"][data-online="true"]`).waitFor({ timeout: 20_000 });
      const pill = (id: number) => row(page, chargeBoxId).locator(`[data-testid="connector-pill-${id}"]`);
      await pill(1).and(page.locator('[data-group="available"]')).waitFor({ timeout: 20_000 });
      await pill(2).and(page.locator('[data-group="available"]')).waitFor({ timeout: 20_000 });

      // A fault on connector 1 reaches the list without a reload.
      await simulator.fault(1);
      await pill(1).and(page.locator('[data-status="Faulted"]')).waitFor({ timeout: 20_000 });
      expect(await pill(1).getAttribute('data-group')).toBe('unavailable');
      expect(await pill(2).getAttribute('data-group')).toBe('available');

      // The expanded card: QR code (PNG download), details, events, energy chart.
      await row(page, chargeBoxId).click();
      const card = page.locator(`[data-testid="station-card-${chargeBoxId}"]`);
      await card.locator('[data-testid="station-qr"]').waitFor();
      await card.locator('[data-testid="station-events"]').waitFor();
      await card.getByText('Falha').first().waitFor();
      await card.locator('[data-testid="energy-chart"]').waitFor();
      await shoot(page, 'stations-card');
      const [qr] = await Promise.all([page.waitForEvent('download'), card.locator('[data-testid="qr-download"]').click()]);
      expect(qr.suggestedFilename()).toBe(`${chargeBoxId}.png`);
      const qrBytes = readFileSync((await qr.path())!);
      expect([...qrBytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(qrBytes.length).toBeGreaterThan(500);

      // Edit: the ChargeBox ID is locked, the close time reads 00:00:00, connectors got settings.
      await card.locator('[data-testid="edit-station"]').click();
      await page.waitForURL((url) => /^\/stations\/edit\/\d+$/.test(url.pathname));
      await page.locator('.station-form').waitFor();
      expect(await page.getByLabel('ChargeBox ID', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Fecha às', { exact: true }).inputValue()).toBe('00:00:00');
      expect(await page.locator('.ant-select-selection-item', { hasText: 'Daniela Proprietária' }).count()).toBe(1);
      await fillByLabel(page, 'Descrição', `${description} (editada)`);
      await openTab(page, 'technical');
      await choose(page, 'Sistema', 'Trifásico');
      await choose(page, 'Tensão', '220/380 V');
      for (const id of [1, 2]) {
        const block = page.locator(`[data-testid="connector-block-${id}"]`);
        await block.getByLabel('Tipo de conector').click();
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Type 2"]')
          .last()
          .dispatchEvent('click');
        await block.getByLabel('Potência máxima (kW)').fill('22');
      }
      await shoot(page, 'station-form-technical');
      // The connector status is applied at once.
      await page.getByLabel('Status do conector 2').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Manutenção' }).click();
      await waitForToast(page, 'Status do conector 2 atualizado.');
      await openTab(page, 'photos');
      await page.locator('.ant-upload-list-item', { hasText: 'fachada.png' }).waitFor();
      await page.locator('[data-testid="station-submit"]').click();
      await waitForToast(page, 'Estação atualizada com sucesso!');
      await page.waitForURL((url) => url.pathname === '/stations', { timeout: 10_000 });

      await searchStation(page, chargeBoxId);
      await row(page, chargeBoxId).getByText(`${description} (editada)`).waitFor();
      await pill(2).and(page.locator('[data-group="maintenance"]')).waitFor({ timeout: 10_000 });

      // Excel of the filtered list.
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="excel-button"]').click()]);
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      const xlsxBytes = readFileSync((await xlsx.path())!);
      expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(xlsxBytes.includes(Buffer.from('xl/worksheets/'))).toBe(true);
      await waitForToast(page, 'Planilha baixada.');

      // Delete, after confirmation.
      await row(page, chargeBoxId).click();
      await card.locator('[data-testid="delete-station"]').click();
      await page.locator('.ant-modal-confirm', { hasText: 'Excluir estação?' }).waitFor();
      await page.locator('[data-testid="confirm-delete"]').click();
      await waitForToast(page, 'Estação excluída com sucesso!');
      await page.locator('.stations-table').getByText('Não há registros de estações').waitFor({ timeout: 10_000 });
    },
  );

  it('station card: a recharge of the simulated charge point shows among the recent recharges', { timeout: 120_000 }, async () => {
    const { page } = browser;
    // A station no other browser-test file charges on (they share one server): the transactions
    // file prices recharges on the MOVE stations and would see this one in its idle measurements.
    const chargeBoxId = 'ANDES-UIO-001';
    const simulator = await simulators.start({ chargeBoxId, connectors: 2, meterIntervalSec: 1, powerKw: 7.4 });
    // A recharge with energy: unplugged once two meter readings have been taken and answered.
    const metered = meterValuesSent(simulator, 2);
    const session = await simulator.plugIn(1, demoIdTags(chargeBoxId)[0]);
    expect(session.accepted).toBe(true);
    const transactionId = session.accepted ? session.transactionId : 0;
    await metered;
    await simulator.unplug(1);

    await signIn(page, logins.admin, undefined, { at: '/stations' });
    await searchStation(page, chargeBoxId);
    await row(page, chargeBoxId).click();
    const card = page.locator(`[data-testid="station-card-${chargeBoxId}"]`);
    await card.getByText(`Recarga ${transactionId} · conector 1`).waitFor({ timeout: 15_000 });
    expect(await card.locator('.station-transactions__item').first().innerText()).toContain('kWh');
    await card.locator('[data-testid="energy-chart"]').waitFor();
    await shoot(page, 'stations-card-recharges');
  });

  it('form: when the required fields are empty, shows the first tab and the error toast', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/stations/create' });
    await page.locator('.station-form').waitFor();
    await openTab(page, 'photos');

    await page.locator('[data-testid="station-submit"]').click();

    await waitForToast(page, 'Não foi possível realizar a operação. Certifique-se de que os campos foram preenchidos corretamente.');
    expect(await page.locator('.ant-tabs-tab-active').innerText()).toContain('Geral');
    expect(await page.getByText('Campo obrigatório').count()).toBeGreaterThan(0);
  });

  it('station group: created with its address and found on the list', async () => {
    const { page } = browser;
    const name = `Grupo E2E ${Date.now().toString(36)}`;
    await signIn(page, logins.admin, undefined, { at: '/station_groups' });
    await page.locator('.groups-table').waitFor();
    await page.locator('[data-testid="new-group"]').click();
    await page.waitForURL((url) => url.pathname === '/station_groups/create');
    await page.locator('[data-testid="group-submit"]').waitFor();

    await fillByLabel(page, 'Nome', name);
    await fillByLabel(page, 'ID externo', 'G-77');
    await fillByLabel(page, 'CEP', '30140-010');
    await page.getByLabel('Consultando o CEP').waitFor({ state: 'detached', timeout: 15_000 });
    await fillByLabel(page, 'Rua', 'Praça da Liberdade');
    await fillByLabel(page, 'Número', '450');
    await fillByLabel(page, 'Cidade', 'Belo Horizonte');
    await fillByLabel(page, 'Estado', 'MG');
    await fillByLabel(page, 'Latitude', '-19.932043');
    await fillByLabel(page, 'Longitude', '-43.938035');
    await shoot(page, 'station-group-form');

    const groupRow = await saveGroupAndFindRow(page, name);

    expect(await groupRow.innerText()).toContain('Praça da Liberdade');
    await groupRow.click();
    await page.getByText('Nenhuma estação neste grupo.').waitFor();
    await shoot(page, 'station-groups-list');
  });

  it('station owner: sees the stations but not the New Station button, and may choose the Individual report', async () => {
    const { page } = browser;
    await signIn(page, logins.moveOwner, undefined, { at: '/stations' });
    await page.locator('.stations-table .ant-table-row').first().waitFor();

    expect(await page.locator('[data-testid="new-station"]').count()).toBe(0);
    expect(await page.locator('[data-testid="excel-button"]').count()).toBe(1);
    await page.locator('[data-testid="report-button"]').click();
    await page.getByRole('dialog', { name: 'Relatório de estações' }).waitFor();
    expect(await page.getByText('Individual', { exact: true }).isVisible()).toBe(true);
  });

  it(
    'report: the unified PDF (and the per-station zip when the report permission allows it) of the last 10 days downloads',
    { timeout: 150_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      const permissionAnswer = page.waitForResponse((r) => r.url().includes('/api/report/user/permissions/'));
      await page.goto(appUrl('/stations'));
      await page.locator('.stations-table .ant-table-row').first().waitFor();
      const { hasDisableTransactionOption } = (await (await permissionAnswer).json()) as { hasDisableTransactionOption: boolean };
      await page.locator('[data-testid="report-button"]').click();
      const panel = page.getByRole('dialog', { name: 'Relatório de estações' });
      await panel.waitFor();
      expect(await panel.getByText('Individual', { exact: true }).count()).toBe(hasDisableTransactionOption ? 0 : 1);
      await panel.getByLabel('Custo por kWh').fill('0,89');
      await panel.getByLabel('Receita por kWh').fill('1,99');
      await shoot(page, 'stations-report', { fullPage: false });

      const [pdf] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        panel.locator('[data-testid="report-download"]').click(),
      ]);

      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      await waitForToast(page, 'Relatório baixado.');

      if (!hasDisableTransactionOption) {
        await page.locator('[data-testid="report-button"]').click();
        // A click while the panel is still opening can be lost: wait until it stands still.
        await waitForAnimations(panel);
        await panel.getByText('Individual', { exact: true }).click();
        await panel.locator('.ant-radio-button-wrapper-checked', { hasText: 'Individual' }).waitFor();
        const [zip] = await Promise.all([
          page.waitForEvent('download', { timeout: 90_000 }),
          panel.locator('[data-testid="report-download"]').click(),
        ]);
        expect(zip.suggestedFilename()).toMatch(/\.zip$/);
        expect(
          readFileSync((await zip.path())!)
            .subarray(0, 2)
            .toString('latin1'),
        ).toBe('PK');
      }
    },
  );
});
