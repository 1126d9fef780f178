import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlugShareImportResponse, PlugSharePointListResponse } from '@recarga/contracts/stats';
import { PLUG_SHARE_MAX_FILE } from '@recarga/contracts/stats';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { shoot, shootElement } from './support/screenshots';

/*
 * The third-party points screen (/stations/plug-share). Points go to the Ecuadorian tenant Andes
 * Carga, whose map no other file counts markers on; ids start with E2E-PS- so nothing else clashes.
 */

const csv = (lines: string[]) => ({ name: 'pontos-andes.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') });

// Semicolons and decimal commas, as a Spanish or Portuguese spreadsheet saves them.
const QUITO = csv([
  'id;name;latitude;longitude;street;city;state;connectors',
  'E2E-PS-1;Electrolinera El Jardín;-0,1905;-78,4849;Av. Amazonas N36-152;Quito;Pichincha;Type 2|CCS2',
  'E2E-PS-2;"Parqueadero ""La Mariscal""";-0,2036;-78,4907;Calle Reina Victoria;Quito;Pichincha;CHAdeMO',
  'E2E-PS-3;Centro Comercial Iñaquito;-0,1768;-78,4872;;Quito;Pichincha;',
]);

const fileInput = (page: Page) => page.locator('.plug-share-page input[type="file"]');
const points = (page: Page) => page.locator('[data-testid="plug-share-points"] tbody tr.ant-table-row');
const stat = (page: Page, id: string) => page.locator(`[data-testid="plug-share-${id}"] .ant-statistic-content-value`);

/** Signs in, opens the stations list and follows its button to the import screen. */
async function openFromStations(page: Page) {
  await signIn(page, logins.admin, undefined, { at: '/stations' });
  const button = page.getByRole('button', { name: 'Importar pontos de terceiros' });
  await button.waitFor();
  await shootElement(page.locator('.page-header'), 'plug-share-stations-button');
  await button.click();
  await page.waitForURL((url) => url.pathname === '/stations/plug-share');
  await page.getByRole('heading', { name: 'Pontos de terceiros', exact: true }).waitFor();
}

/** Picks the tenant with the keyboard: focus the labelled select, type, Enter. */
async function pickTenant(page: Page, name: string) {
  const select = page.getByLabel('Cliente que recebe os pontos');
  await select.focus();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: name }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.ps-points__title', { hasText: name }).waitFor();
}

async function importFile(page: Page, file: ReturnType<typeof csv>) {
  await fileInput(page).setInputFiles(file);
  await page.locator('[data-testid="plug-share-file"]', { hasText: file.name }).waitFor();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chargepoints/plug-share/import/');
  await page.locator('[data-testid="plug-share-submit"]').click();
  return answer;
}

describe('third-party points import screen', () => {
  const browser = useBrowser();

  it(
    'administrator: imports a CSV for Andes Carga, sees the counts and the list, replaces it, and finds the points on the map',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await openFromStations(page);
      // The format: the columns, an example line and the template.
      expect(await page.locator('.ps-format__columns tbody tr').count()).toBe(8);
      const example = page.locator('[data-testid="plug-share-example"] li');
      expect(await example.first().innerText()).toBe('id;name;latitude;longitude;street;city;state;connectors');
      expect(await example.nth(1).innerText()).toMatch(/^EXT-001;Shopping Eldorado;-23,5727;-46,6958;/);
      const template = page.waitForEvent('download');
      await page.locator('[data-testid="plug-share-template"]').click();
      expect((await template).suggestedFilename()).toBe('modelo-pontos-de-terceiros.csv');

      await pickTenant(page, 'Andes Carga');
      // Andes is Ecuadorian: the example moves to Quito.
      expect(await page.locator('[data-testid="plug-share-example"]').innerText()).toContain('Quito');

      const first = await importFile(page, QUITO);
      expect(first.status()).toBe(200);
      const firstBody = (await first.json()) as PlugShareImportResponse;
      expect(firstBody).toMatchObject({ rows: 3, created: 3, updated: 0, removed: 0 });
      expect(new URL(first.url()).searchParams.get('replace')).toBe('false');
      await page.locator('[data-testid="plug-share-result"]').waitFor();
      expect(await stat(page, 'created').innerText()).toBe('3');
      expect(await stat(page, 'updated').innerText()).toBe('0');
      expect(await stat(page, 'removed').innerText()).toBe('0');
      expect(await page.locator('[data-testid="plug-share-result"]').innerText()).toContain(
        'Importação concluída para Andes Carga. Linhas lidas: 3.',
      );

      // The list of the tenant's points, with their count.
      await expect.poll(() => points(page).count(), { timeout: 10_000 }).toBe(3);
      expect(await page.locator('[data-testid="plug-share-count"]').getAttribute('data-count')).toBe('3');
      const jardin = points(page).filter({ hasText: 'Electrolinera El Jardín' });
      expect(await jardin.innerText()).toContain('Av. Amazonas N36-152');
      expect(await jardin.innerText()).toContain('CCS Type 2');
      expect(await points(page).filter({ hasText: 'Parqueadero "La Mariscal"' }).count()).toBe(1);
      await shoot(page, 'plug-share-imported');

      // Replace: a file with two of the three points; the switch asks for confirmation.
      await page.getByLabel('Substituir os pontos existentes').focus();
      await page.keyboard.press('Space');
      expect(await page.locator('.ps-replace').innerText()).toContain(
        'os pontos de Andes Carga que não estiverem no arquivo são removidos',
      );
      await fileInput(page).setInputFiles(
        csv([
          'id,name,latitude,longitude,city,connectors',
          'E2E-PS-1,Electrolinera El Jardín (piso 2),-0.1905,-78.4849,Quito,Type 2|CCS2|CHAdeMO',
          'E2E-PS-3,Centro Comercial Iñaquito,-0.1768,-78.4872,Quito,Type 2',
        ]),
      );
      const replaced = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chargepoints/plug-share/import/');
      await page.locator('[data-testid="plug-share-submit"]').click();
      const confirm = page.locator('.ant-modal-confirm', { hasText: 'Substituir os pontos de Andes Carga?' });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('Pontos atuais: 3.');
      await shoot(page, 'plug-share-replace-confirm', { fullPage: false, scrollToTop: false });
      await confirm.getByRole('button', { name: 'Substituir' }).click();
      const second = await replaced;
      expect(new URL(second.url()).searchParams.get('replace')).toBe('true');
      expect(await second.json()).toMatchObject({ rows: 2, created: 0, updated: 2, removed: 1 });
      await page.locator('[data-testid="plug-share-result"]').waitFor();
      expect(await stat(page, 'removed').innerText()).toBe('1');
      await expect.poll(() => points(page).count(), { timeout: 10_000 }).toBe(2);
      expect(await points(page).filter({ hasText: 'La Mariscal' }).count()).toBe(0);
      expect(await points(page).filter({ hasText: 'Electrolinera El Jardín (piso 2)' }).innerText()).toContain('CHAdeMO');

      // The list the screen shows is the server's, for Andes only.
      const listed = await callApi<PlugSharePointListResponse>(page, `/api/chargepoints/plug-share/?tenantPk=${firstBody.tenantPk}`);
      expect(listed.body.points.map((p) => p.id)).toEqual(['E2E-PS-1', 'E2E-PS-3']);

      // On the home map of Andes (centred on Quito): third-party diamonds, the removed one gone.
      await signIn(page, logins.admin, 'andes');
      const marker = (id: string) =>
        page.locator(`.cp-marker[data-origin="PLUG_SHARE"][data-charge-box-id="PS-${firstBody.tenantPk}-${id}"]`);
      await marker('E2E-PS-1').waitFor({ timeout: 20_000 });
      expect(await marker('E2E-PS-1').getAttribute('class')).toContain('cp-marker--point');
      expect(await marker('E2E-PS-3').count()).toBe(1);
      expect(await marker('E2E-PS-2').count()).toBe(0);
      await shootElement(page.locator('.panel-card--map'), 'plug-share-map-andes');

      // The screen in the tenant's language (es-EC), for the picture.
      await page.goto(appUrl('/stations/plug-share', 'andes'));
      await page.getByRole('heading', { name: 'Puntos de terceros', exact: true }).waitFor();
      // On Andes' own address the screen starts with Andes.
      await page.locator('.ps-points__title', { hasText: 'Puntos de terceros de Andes Carga' }).waitFor();
      await expect.poll(() => points(page).count(), { timeout: 10_000 }).toBe(2);
      await shoot(page, 'plug-share-es-ec');
    },
  );

  it(
    'a file with mistakes: refused in the browser when not CSV or too big; per-line problems in a table, nothing imported',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await openFromStations(page);
      await pickTenant(page, 'Andes Carga');
      const before = await page.locator('[data-testid="plug-share-count"]').getAttribute('data-count');

      // Not a CSV, and over the size limit: refused before anything is sent.
      let sent = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/chargepoints/plug-share/import/') sent++;
      });
      await fileInput(page).setInputFiles({ name: 'pontos.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
      await page.locator('[data-testid="plug-share-refused"]', { hasText: '"pontos.xlsx" não é um arquivo CSV.' }).waitFor();
      await fileInput(page).setInputFiles({ name: 'enorme.csv', mimeType: 'text/csv', buffer: Buffer.alloc(PLUG_SHARE_MAX_FILE + 1, 'a') });
      await page.locator('[data-testid="plug-share-refused"]', { hasText: '"enorme.csv" passa do limite de 2 MB.' }).waitFor();
      expect(await page.locator('[data-testid="plug-share-submit"]').isDisabled()).toBe(true);
      expect(sent).toBe(0);

      const answer = await importFile(
        page,
        csv([
          'id,name,latitude,longitude,connectors',
          'E2E-PS-9,Ponto bom,-0.2,-78.5,Type 2',
          'E2E-PS-10,,95,-78.5,Type 2',
          'E2E PS 11,Ponto,-0.2,abc,Tipo 9',
          'E2E-PS-9,Repetido,-0.2,-78.5,',
        ]),
      );
      expect(answer.status()).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('PLUG_SHARE_INVALID');
      const invalid = page.locator('[data-testid="plug-share-invalid"]');
      await invalid.waitFor();
      expect(await invalid.innerText()).toContain('Problemas encontrados no arquivo: 6.');
      const rows = invalid.locator('tbody tr.ant-table-row');
      expect(await rows.count()).toBe(6);
      const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map((s) => s.trim());
      expect(await cells(0)).toEqual(['3', 'name', 'Campo obrigatório.']);
      expect(await cells(1)).toEqual(['3', 'latitude', 'A latitude deve ser um número entre -90 e 90.']);
      expect(await cells(2)).toEqual(['4', 'id', 'Use de 1 a 50 letras, números, ".", "_" ou "-".']);
      expect(await cells(3)).toEqual(['4', 'longitude', 'A longitude deve ser um número entre -180 e 180.']);
      expect((await cells(4)).slice(0, 2)).toEqual(['4', 'connectors']);
      expect((await cells(4))[2]).toMatch(/^Tipo de conector desconhecido "Tipo 9" \(use Type 1, Type 2, .*separados por "\|"\)\.$/);
      expect(await cells(5)).toEqual(['5', 'id', 'O código "E2E-PS-9" se repete (primeira vez na linha 2).']);
      // Nothing was written.
      expect(await page.locator('[data-testid="plug-share-count"]').getAttribute('data-count')).toBe(before);
      await shoot(page, 'plug-share-errors');
    },
  );

  it('a user without /stations/create (Move owner): no button, no screen, and the server answers 403', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.moveOwner, undefined, { at: '/stations' });
    await page.getByRole('heading', { name: 'Estações', exact: true }).waitFor();
    await page.locator('.stations-table').waitFor();
    expect(await page.locator('[data-testid="open-plug-share"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Importar pontos de terceiros' }).count()).toBe(0);

    await page.goto(appUrl('/stations/plug-share'));
    await page.getByTestId('no-permission').waitFor();
    expect(new URL(page.url()).pathname).toBe('/stations/plug-share');

    const post = await callApi(page, '/api/chargepoints/plug-share/import/', {
      method: 'POST',
      contentType: 'text/csv',
      text: 'id,name,latitude,longitude\nE2E-PS-X,X,-23.5,-46.6\n',
    });
    const get = await callApi(page, '/api/chargepoints/plug-share/');
    expect([post.status, get.status]).toEqual([403, 403]);
  });
});
