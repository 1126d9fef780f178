import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { shoot, shootElement } from './support/screenshots';
import { postStation } from './support/stations';

/**
 * The station, user and tag lists on a phone (issue 40 item 5): a card per record with its name, the
 * facts that matter as label and value, its status and its actions, all inside the 390 px screen; the
 * pager under the cards; the table again from the desktop width.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const PAGE_SIZE = 10;

/** The label/value pairs of a card, in order. */
async function factsOf(card: Locator): Promise<[string, string][]> {
  return card
    .locator('.record-card__fact')
    .evaluateAll((facts) =>
      facts.map((f) => [
        (f.querySelector('dt') as HTMLElement).innerText.trim(),
        (f.querySelector('dd') as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      ]),
    ) as Promise<[string, string][]>;
}

/**
 * What of the cards sticks out of the screen: every card, its name, its status, its labels, values
 * and buttons must lie within 0..innerWidth (a clipped table showed one or two columns).
 */
async function outsideScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.record-card, .record-card__title, .record-card__subtitle, .record-card__tags > *, .record-card__facts dt, .record-card__facts dd, .record-card__actions button',
      ),
    ]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
      .map(({ el, box }) => `${el.className} "${el.innerText.slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)}`),
  );
}

/** The cards shown, no table, and nothing outside the screen. */
async function checkCards(page: Page, cards: Locator, table: string) {
  await cards.first().waitFor({ timeout: 20_000 });
  expect(await page.locator(table).count()).toBe(0);
  expect(await page.locator('.ant-table').count()).toBe(0);
  expect(await outsideScreen(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBeNull();
}

/** The titles of the cards shown. */
const titles = (cards: Locator) => cards.locator('.record-card__title').allInnerTexts();

/** Taps page 2 of the pager under the cards: the address, the pager and the cards follow. */
async function toPageTwo(page: Page, cards: Locator) {
  const first = await titles(cards);
  expect(first).toHaveLength(PAGE_SIZE);
  const pager = page.locator('.record-cards__footer .ant-pagination');
  await pager.locator('.ant-pagination-item-2').click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await expect.poll(() => pager.locator('.ant-pagination-item-active').innerText(), { timeout: 10_000 }).toBe('2');
  await expect.poll(async () => (await titles(cards)).some((t) => first.includes(t)), { timeout: 15_000 }).toBe(false);
  expect((await titles(cards)).length).toBeGreaterThan(0);
}

/** Types into the list's search box and waits for the one card of that record. */
async function searchFor(page: Page, box: string, text: string, cards: Locator, title: string) {
  await page.getByTestId(box).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await expect.poll(() => titles(cards), { timeout: 15_000 }).toEqual([title]);
}

/** Creates records with `create(i)` until the list has more than a page (other files may have removed some). */
async function moreThanOnePage(count: () => Promise<number>, create: (i: number) => Promise<{ status: number; text: string }>) {
  const missing = PAGE_SIZE + 1 - (await count());
  for (let i = 0; i < missing; i++) {
    const answer = await create(i);
    expect(answer.status, answer.text).toBe(200);
  }
}

/** The root network (the administrator's own): records made here touch no other network's counts. */
async function rootTenantPk(page: Page): Promise<number> {
  const answer = await callApi<{ tenantList: { tenant_pk: number; alias: string }[] }>(page, '/api/tenants/');
  return answer.body.tenantList.find((t) => t.alias === 'recarga')!.tenant_pk;
}

describe('lists as cards on a phone (390 px)', () => {
  const browser = useBrowser({ viewport: phone });

  it(
    'stations (pt-BR): a card per station with its place, signal, recharges, energy and connectors; Details, Edit and the pager; the table at 1440',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const root = await rootTenantPk(page);
      const stamp = Date.now() % 1_000_000;
      await moreThanOnePage(
        async () => (await callApi<{ count: number }>(page, '/api/chargepoints/?page=1&size=10&active=true')).body.count,
        (i) =>
          postStation(page, {
            chargeBoxId: `CEL-${stamp}-${i}`,
            description: `Celular ${stamp} ${i}`,
            street: 'Rua Augusta',
            tenantPk: root,
          }),
      );
      await page.goto(appUrl('/stations'));
      const cards = page.getByTestId('station-record-card');
      await checkCards(page, cards, '.stations-table');
      await shoot(page, 'phone-lists-stations-390');

      await toPageTwo(page, cards);

      await searchFor(page, 'station-search', 'Conjunto Nacional', cards, 'Move Paulista - Conjunto Nacional');
      const card = cards.first();
      expect(await card.locator('.record-card__subtitle').innerText()).toBe('MOVE-SP-001');
      expect(await card.locator('.record-card__tags').innerText()).toMatch(/^(Conectada|Desconectada)$/);
      const facts = await factsOf(card);
      expect(facts.map(([label]) => label)).toEqual(['Local', 'Último sinal', 'Recargas', 'kWh', 'Cliente', 'Conectores']);
      expect(Object.fromEntries(facts)).toMatchObject({ Local: 'São Paulo · SP', Cliente: 'Move Eletropostos' });
      expect(Object.fromEntries(facts).Recargas).toMatch(/^\d[\d.]*$/);
      expect(Object.fromEntries(facts).kWh).toMatch(/^\d[\d.]*,\d{2}$/);
      expect(await card.locator('.connector-pill').count()).toBe(2);
      expect(await outsideScreen(page)).toEqual([]);

      // Details: the table's expanded row inside the card (Delete there; Edit is at the card's foot).
      const details = card.getByRole('button', { name: 'Detalhes da estação Move Paulista - Conjunto Nacional' });
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      await details.click();
      await card.getByTestId('station-card-MOVE-SP-001').waitFor();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      expect(await card.getByTestId('delete-station').count()).toBe(1);
      expect(await card.getByTestId('edit-station').count()).toBe(0);
      expect(await scrollsSideways(page)).toBeNull();
      await shootElement(card, 'phone-lists-station-details-390');

      await card.getByRole('button', { name: 'Editar a estação Move Paulista - Conjunto Nacional' }).click();
      await page.waitForURL((url) => /^\/stations\/edit\/\d+$/.test(url.pathname));
      await page.locator('.station-form').waitFor({ timeout: 15_000 });

      // Back on the list at the desktop width: the table, as before.
      await page.goBack();
      await cards.first().waitFor({ timeout: 15_000 });
      await page.setViewportSize(desktop);
      await page.locator('.stations-table tr.ant-table-row').first().waitFor({ timeout: 10_000 });
      expect(await cards.count()).toBe(0);
    },
  );

  it(
    'users (pt-BR): a card per user with e-mail, charging, recharges, consumption, tag and document; Details, Open and the pager; the table at 1440',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const root = await rootTenantPk(page);
      const stamp = Date.now() % 1_000_000;
      await moreThanOnePage(
        async () =>
          (await callApi<{ count: number }>(page, '/api/users_data/dashboard-details/?activeUsers=true&page=1&size=10')).body.count,
        (i) =>
          callApi(page, '/api/users_data/', {
            method: 'POST',
            json: {
              firstName: 'Celular',
              lastName: `Lista ${i}`,
              email: `celular.${stamp}.${i}@recarga.app`,
              password: 'Senha@123',
              phone: '+55 11 98888-7777',
              tenant_pk: root,
              ocppTags: [],
              activeUser: true,
            },
          }),
      );
      await page.goto(appUrl('/users'));
      const cards = page.getByTestId('user-record-card');
      await checkCards(page, cards, '[data-testid="users-table"]');
      await shoot(page, 'phone-lists-users-390');

      await toPageTwo(page, cards);

      await searchFor(page, 'user-search', 'julia santos', cards, 'Júlia Santos');
      const card = cards.first();
      expect(await card.locator('.record-card__subtitle').innerText()).toBe('julia.santos@move.com.br');
      expect(await card.locator('.record-card__tags').innerText()).toMatch(/^(Carregando|Ocioso)$/);
      const facts = await factsOf(card);
      expect(facts.map(([label]) => label)).toEqual(['Recargas', 'Consumo', 'Tag', 'Documento']);
      expect(Object.fromEntries(facts)).toMatchObject({ Tag: '04B2C3D4E5', Documento: 'CPF 39053344705' });
      expect(Object.fromEntries(facts).Consumo).toMatch(/^\d[\d.]*,\d{2} kWh$/);
      expect(await outsideScreen(page)).toEqual([]);

      // Details: the wallet statement and the events, as the table's expanded row.
      const details = card.getByRole('button', { name: 'Detalhes de Júlia Santos' });
      await details.click();
      await card.getByTestId('statement-total').waitFor({ timeout: 15_000 });
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      expect(await card.innerText()).toContain('Extrato da carteira');
      expect(await scrollsSideways(page)).toBeNull();
      await shootElement(card, 'phone-lists-user-details-390');

      await card.getByRole('button', { name: 'Abrir o cadastro de Júlia Santos' }).click();
      await page.waitForURL((url) => /^\/user\/\d+$/.test(url.pathname));
      await page.getByTestId('user-submit').waitFor({ timeout: 15_000 });

      await page.goBack();
      await cards.first().waitFor({ timeout: 15_000 });
      await page.setViewportSize(desktop);
      await page.locator('[data-testid="users-table"] tr.ant-table-row').first().waitFor({ timeout: 10_000 });
      expect(await cards.count()).toBe(0);
    },
  );

  it(
    'tags (pt-BR): a card per tag with its user, type, network and status; Details, Edit and the pager; the table at 1440',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const root = await rootTenantPk(page);
      const stamp = Date.now() % 1_000_000;
      await moreThanOnePage(
        async () => (await callApi<{ count: number }>(page, '/api/ocpptags/?page=1')).body.count,
        (i) => callApi(page, '/api/ocpptags/', { method: 'POST', json: { id_tag: `CEL${stamp}${i}`, tenant_pk: root, note: 'Celular' } }),
      );
      await page.goto(appUrl('/ocpptags'));
      const cards = page.getByTestId('tag-record-card');
      await checkCards(page, cards, '[data-testid="tags-table"]');
      await shoot(page, 'phone-lists-tags-390');

      await toPageTwo(page, cards);

      // An inactive card says so on its card.
      await searchFor(page, 'tag-search', '9C0D1E2F', cards, '9C0D1E2F');
      expect(await cards.first().locator('.record-card__tags').innerText()).toMatch(/^Inativa\s+(Em recarga|Livre)$/);

      await searchFor(page, 'tag-search', '04A1B2C3D4', cards, '04A1B2C3D4');
      const card = cards.first();
      expect(await card.locator('.record-card__tags').innerText()).toMatch(/^(Em recarga|Livre)$/);
      expect(await factsOf(card)).toEqual([
        ['Usuário do cartão', 'Marcos Silva motorista@move.com.br'],
        ['Tipo', 'Usuário'],
        ['Cliente', 'Move Eletropostos'],
      ]);
      expect(await outsideScreen(page)).toEqual([]);

      // Details: owner, parent, free recharge, note and Delete; Edit is at the card's foot.
      const details = card.getByRole('button', { name: 'Detalhes da tag 04A1B2C3D4' });
      await details.click();
      await card.getByTestId('tag-card-04A1B2C3D4').waitFor();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      expect(await card.getByTestId('tag-delete').count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Editar', exact: true }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBeNull();
      await shootElement(card, 'phone-lists-tag-details-390');

      await card.getByRole('button', { name: 'Editar a tag 04A1B2C3D4' }).click();
      await page.waitForURL((url) => /^\/ocpptags\/edit\/\d+$/.test(url.pathname));
      await expect.poll(() => page.getByTestId('tag-id-input').inputValue(), { timeout: 15_000 }).toBe('04A1B2C3D4');

      await page.goBack();
      await cards.first().waitFor({ timeout: 15_000 });
      await page.setViewportSize(desktop);
      await page.locator('[data-testid="tags-table"] tr.ant-table-row').first().waitFor({ timeout: 10_000 });
      expect(await cards.count()).toBe(0);
    },
  );

  it(
    'stations (es-CO, Terpel operator): the cards in Spanish, without Edit where the profile may not edit; Details opens the station',
    { timeout: 60_000 },
    async () => {
      const { page } = browser;
      // Searched for: other files add their own stations to Terpel, and the list's first page is theirs
      // when they run first (a failure seen with two workers).
      await signIn(page, logins.terpelOperator, 'terpel', { at: '/stations?search=TERPEL-BOG-001' });
      const cards = page.getByTestId('station-record-card');
      await checkCards(page, cards, '.stations-table');
      await shoot(page, 'phone-lists-stations-390-terpel');

      const card = cards.filter({ has: page.locator('.record-card__title', { hasText: 'Terpel Voltex Calle 100' }) });
      expect(await card.count()).toBe(1);
      expect(await card.locator('.record-card__subtitle').innerText()).toBe('TERPEL-BOG-001');
      expect(await card.locator('.record-card__tags').innerText()).toMatch(/^(En línea|Fuera de línea)$/);
      const facts = await factsOf(card);
      // One network in the operator's scope: the card does not repeat it.
      expect(facts.map(([label]) => label)).toEqual(['Ubicación', 'Última señal', 'Cargas', 'kWh', 'Conectores']);
      expect(Object.fromEntries(facts)['Ubicación']).toBe('Bogotá · Cundinamarca');
      expect(await page.locator('.record-cards').innerText()).not.toMatch(/[ãõç]|Detalhes|Recargas|Desconectada/);
      expect(await card.getByTestId('station-card-edit').count()).toBe(0);

      await card.getByRole('button', { name: 'Detalles de la estación Terpel Voltex Calle 100' }).click();
      await card.getByTestId('station-card-TERPEL-BOG-001').waitFor();
      expect(await card.innerText()).toContain('Últimos eventos');
      expect(await scrollsSideways(page)).toBeNull();
    },
  );
});
