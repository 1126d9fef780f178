import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { callApi } from './support/api';
import { useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { BROKEN_CEP, SLOW_CEP } from './support/fake-address-services';
import { fillByLabel, openTab, waitForNumberField } from './support/forms';
import { shoot, shootElement } from './support/screenshots';
import { saveGroupAndFindRow } from './support/station-groups';

/*
 * The address rules of the station and station-group forms (001 §4, §5) against the real server,
 * whose CEP, geocoding and tile adapters call the local fake services started by global-setup.ts
 * (ViaCEP-, Nominatim- and tile-shaped answers; see support/fake-address-services.ts).
 */

const input = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const zipInput = (page: Page) => page.locator('[data-testid="zip-input"]');

const isCepLookup = (r: Request) => new URL(r.url()).pathname.startsWith('/api/users_data/ceps/');
const isGeocode = (r: Request) => new URL(r.url()).pathname === '/api/geocode/';

/** Types a zip code and waits for the server's answer to the look-up it starts. */
async function typeZip(page: Page, zip: string) {
  const [response] = await Promise.all([page.waitForResponse((r) => isCepLookup(r.request())), zipInput(page).fill(zip)]);
  return response;
}

/** The group form's zip field (labelled CEP; it has no test id). */
async function typeGroupZip(page: Page, zip: string) {
  const [response] = await Promise.all([page.waitForResponse((r) => isCepLookup(r.request())), input(page, 'CEP').fill(zip)]);
  return response;
}

async function openStationAddress(page: Page, login: { email: string; password: string }) {
  await signIn(page, login, undefined, { at: '/stations/create' });
  await page.locator('.station-form').waitFor();
  await openTab(page, 'address');
}

/** The tile <img>s Leaflet put in a map, once at least one loaded. */
async function loadedTileSources(page: Page, map: string): Promise<string[]> {
  await page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll<HTMLImageElement>(`${selector} img.leaflet-tile`)].some(
        (img) => img.complete && img.naturalWidth === 256,
      ),
    map,
    { timeout: 15_000 },
  );
  return page.locator(`${map} img.leaflet-tile`).evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
}

describe('address look-ups', () => {
  const browser = useBrowser();

  it('station address, with the manual-edit permission: a full zip clears the old address, fills street, city and state, and street and number give the coordinates', async () => {
    const { page } = browser;
    await openStationAddress(page, logins.admin);
    // An address typed before the zip code is replaced by the look-up.
    await fillByLabel(page, 'Rua', 'Rua Antiga');
    await fillByLabel(page, 'Número', '12');
    await fillByLabel(page, 'Cidade', 'Campinas');

    const cep = await typeZip(page, '01310100');

    expect(cep.status()).toBe(200);
    expect(new URL(cep.url()).pathname).toBe('/api/users_data/ceps/01310100/');
    await expect(zipInput(page).inputValue()).resolves.toBe('01310-100');
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[id$="address_street"]')?.value ?? '') === 'Avenida Paulista',
    );
    await expect(input(page, 'Rua').inputValue()).resolves.toBe('Avenida Paulista');
    await expect(input(page, 'Número').inputValue()).resolves.toBe('');
    await expect(input(page, 'Cidade').inputValue()).resolves.toBe('São Paulo');
    await expect(input(page, 'Estado').inputValue()).resolves.toBe('SP');

    // The street from the look-up is geocoded; the number typed next is geocoded again.
    const [geocoded] = await Promise.all([
      page.waitForResponse((r) => isGeocode(r.request()) && new URL(r.url()).searchParams.get('number') === '1578'),
      fillByLabel(page, 'Número', '1578'),
    ]);
    expect(geocoded.status()).toBe(200);
    expect(Object.fromEntries(new URL(geocoded.url()).searchParams)).toMatchObject({
      street: 'Avenida Paulista',
      number: '1578',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      zipCode: '01310-100',
    });
    await waitForNumberField(page, 'Latitude', -23.5613);
    expect(Number(await input(page, 'Longitude').inputValue())).toBe(-46.6565);

    // This user may still correct everything by hand.
    for (const label of ['Rua', 'Cidade', 'Estado', 'Latitude', 'Longitude']) {
      await expect(input(page, label).isDisabled()).resolves.toBe(false);
    }
    await fillByLabel(page, 'Cidade', 'São Paulo (Bela Vista)');
    await expect(input(page, 'Cidade').inputValue()).resolves.toBe('São Paulo (Bela Vista)');

    // The map shows the position, drawn with the tiles of the server's MAP_TILE_URL.
    const sources = await loadedTileSources(page, '[data-testid="location-map"]');
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src.startsWith(`${inject('fakeServicesUrl')}/tiles/`)).toBe(true);
    await expect(page.locator('.location-map__notice').count()).resolves.toBe(0);
    await fillByLabel(page, 'Cidade', 'São Paulo');
    await shoot(page, 'address-station-filled', { waitForToasts: true });
  });

  it('station address, when the zip is unknown: says CEP não encontrado. on the field and in a toast', async () => {
    const { page } = browser;
    await openStationAddress(page, logins.admin);

    const cep = await typeZip(page, '12345-678');

    expect(cep.status()).toBe(404);
    await waitForToast(page, 'CEP não encontrado.');
    await page.locator('.ant-form-item-explain-error', { hasText: 'CEP não encontrado.' }).waitFor();
    await expect(input(page, 'Cidade').inputValue()).resolves.toBe('');
    await shoot(page, 'address-station-cep-not-found', { fullPage: false });
  });

  it('station address, without the manual-edit permission: the look-ups fill a locked address, a street-less zip opens the street, and the station saves', async () => {
    const { page } = browser;
    const chargeBoxId = `E2E-ADDR-${Date.now().toString(36).toUpperCase()}`;
    await signIn(page, logins.solOperator, undefined, { at: '/stations/create' });
    await page.locator('.station-form').waitFor();
    await fillByLabel(page, 'ChargeBox ID', chargeBoxId);
    await fillByLabel(page, 'Descrição', `Estação ${chargeBoxId}`);
    await openTab(page, 'address');

    // City, state and coordinates only come from the look-ups.
    for (const label of ['Rua', 'Cidade', 'Estado', 'Latitude', 'Longitude']) {
      await expect(input(page, label).isDisabled()).resolves.toBe(true);
    }
    await page.getByText('Digite o CEP: cidade, estado e rua são preenchidos pela consulta e as coordenadas pelo número.').waitFor();

    // A zip with a street keeps the street locked.
    await typeZip(page, '20040-020');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[id$="address_street"]')?.value === 'Avenida Rio Branco',
    );
    await expect(input(page, 'Rua').isDisabled()).resolves.toBe(true);
    await expect(input(page, 'Cidade').inputValue()).resolves.toBe('Rio de Janeiro');

    // A town-wide zip answers street N/A: the street is left empty and may be typed.
    await typeZip(page, '13560-970');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[id$="address_city"]')?.value === 'São Carlos');
    await expect(input(page, 'Rua').inputValue()).resolves.toBe('');
    await expect(input(page, 'Rua').isDisabled()).resolves.toBe(false);
    await page.getByText('Este CEP não tem rua: digite-a.').waitFor();
    await expect(input(page, 'Cidade').isDisabled()).resolves.toBe(true);
    await expect(input(page, 'Estado').inputValue()).resolves.toBe('SP');

    await fillByLabel(page, 'Rua', 'Rua Episcopal');
    const [geocoded] = await Promise.all([
      page.waitForResponse((r) => isGeocode(r.request()) && new URL(r.url()).searchParams.get('number') === '1500'),
      fillByLabel(page, 'Número', '1500'),
    ]);
    expect(geocoded.status()).toBe(200);
    await waitForNumberField(page, 'Latitude', -22.0174);
    expect(Number(await input(page, 'Longitude').inputValue())).toBe(-47.8908);
    await expect(input(page, 'Latitude').isDisabled()).resolves.toBe(true);
    await shoot(page, 'address-station-lookup-only', { waitForToasts: true });

    // The server accepts the address because it carries the look-ups' signed answers.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chargepoints/' && r.request().method() === 'POST'),
      page.locator('[data-testid="station-submit"]').click(),
    ]);
    expect(saved.status()).toBeLessThan(300);
    await waitForToast(page, 'Estação criada com sucesso!');

    // Leave the shared server as it was: the administrator deletes the station again.
    const { chargePointDetail } = (await saved.json()) as { chargePointDetail: { chargeBoxPk: number } };
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, logins.admin, undefined, { at: null });
    const removed = await callApi(page, `/api/chargepoints/${chargePointDetail.chargeBoxPk}/`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
  });

  it(
    'station address, when the CEP service is slow or broken: a clear message within seconds, never a hang',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      await openStationAddress(page, logins.admin);

      const startedAt = Date.now();
      const slow = await typeZip(page, SLOW_CEP);
      const waited = Date.now() - startedAt;

      // The adapter gives up after 3 s, well before the fake service's 6 s answer.
      expect(slow.status()).toBe(502);
      expect(waited).toBeLessThan(5_500);
      await waitForToast(page, 'O serviço de consulta de CEP não está disponível no momento (tempo esgotado). Tente novamente mais tarde.');
      await page.getByLabel('Consultando o CEP').waitFor({ state: 'detached' });
      await shoot(page, 'address-station-cep-slow', { fullPage: false });

      const broken = await typeZip(page, BROKEN_CEP);
      expect(broken.status()).toBe(502);
      await waitForToast(page, 'O serviço de consulta de CEP não está disponível no momento (HTTP 500). Tente novamente mais tarde.');
      await page.getByLabel('Consultando o CEP').waitFor({ state: 'detached' });
      // The address can still be typed by hand.
      await fillByLabel(page, 'Rua', 'Avenida Paulista');
      await expect(input(page, 'Rua').inputValue()).resolves.toBe('Avenida Paulista');
    },
  );

  it('station group: the zip fills street, city and state; Buscar coordenadas fills the position; the group saves', async () => {
    const { page } = browser;
    const name = `Grupo Endereço ${Date.now().toString(36)}`;
    await signIn(page, logins.admin, undefined, { at: '/station_groups/create' });
    await page.locator('[data-testid="group-submit"]').waitFor();
    await fillByLabel(page, 'Nome', name);

    const unknown = await typeGroupZip(page, '12345-678');
    expect(unknown.status()).toBe(404);
    await waitForToast(page, 'CEP não encontrado.');
    await page.locator('.ant-form-item-explain-error', { hasText: 'CEP não encontrado.' }).waitFor();

    const found = await typeGroupZip(page, '20040-020');
    expect(found.status()).toBe(200);
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[id$="address_street"]')?.value === 'Avenida Rio Branco',
    );
    await expect(input(page, 'Cidade').inputValue()).resolves.toBe('Rio de Janeiro');
    await expect(input(page, 'Estado').inputValue()).resolves.toBe('RJ');
    await page.locator('.ant-form-item-explain-error', { hasText: 'CEP não encontrado.' }).waitFor({ state: 'detached' });
    await fillByLabel(page, 'Número', '156');

    const [geocoded] = await Promise.all([
      page.waitForResponse((r) => isGeocode(r.request())),
      page.getByRole('button', { name: 'Buscar coordenadas' }).click(),
    ]);
    expect(geocoded.status()).toBe(200);
    await waitForNumberField(page, 'Latitude', -22.9035);
    expect(Number(await input(page, 'Longitude').inputValue())).toBe(-43.1766);
    const sources = await loadedTileSources(page, '[data-testid="location-map"]');
    for (const src of sources) expect(src.startsWith(`${inject('fakeServicesUrl')}/tiles/`)).toBe(true);
    await shoot(page, 'address-group-filled', { waitForToasts: true });

    const groupRow = await saveGroupAndFindRow(page, name);
    expect(await groupRow.innerText()).toContain('Avenida Rio Branco');
  });

  it('home map: tiles come from the server’s MAP_TILE_URL', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.locator('[data-testid="charge-point-map"]').waitFor();

    const sources = await loadedTileSources(page, '[data-testid="charge-point-map"]');

    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src.startsWith(`${inject('fakeServicesUrl')}/tiles/`)).toBe(true);
    await expect(page.locator('.cp-map__notice').count()).resolves.toBe(0);
    await shootElement(page.locator('[data-testid="charge-point-map"]'), 'home-map-tiles');
  });
});
