import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { scrollsSideways } from './support/layout';
import { logins, signIn, waitForToast } from './support/auth';
import { shoot } from './support/screenshots';
import { waitForStill } from './support/still';

/*
 * Virtual groups ("Configurações avançadas", 002 §2–§8) as the administrator, who holds
 * DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES and DASH_SMART_CHARGING_CREATE: create through the charger
 * picker with pricing per connector, list, view, remove and add back a charger, rename, delete.
 */

const FIRST = 'MOVE-SP-001';
const SECOND = 'MOVE-SP-002';
const SECOND_DESCRIPTION = 'Move Shopping Eldorado';
/** A third demo charger, for the charger-taken-meanwhile test. */
const THIRD = 'MOVE-CWB-001';

/** A pricing profile made through the API; its uuid. The name is the run's own (names are unique per network). */
async function aPricingProfile(page: Page, name: string): Promise<string> {
  const created = await callApi<{ data: { dynamicPricingUuid: string | null } }>(page, '/api/dynamic-pricing/', {
    method: 'POST',
    json: { name },
  });
  expect(created.status, created.text).toBe(200);
  return created.body.data.dynamicPricingUuid!;
}

/** The charge-box key of a demo charger (for arranging through the API). */
async function chargerKey(page: Page, code: string): Promise<number> {
  const found = await callApi<{ content: { charge_box_id: number; charge_box_code: string }[] }>(
    page,
    `/gateway/charge-boxs?page=0&size=10&search=${encodeURIComponent(code)}`,
  );
  const key = found.body.content.find((c) => c.charge_box_code === code)?.charge_box_id;
  expect(key, `${code} in the picker list`).toBeTruthy();
  return key!;
}

/** Picks `option` in the select labelled `label`, and waits until its list has closed (a closing list is no other select's). */
async function pick(page: Page, label: string, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.getByLabel(label, { exact: true }).click();
  await open.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => open.count()).toBe(0);
}

/** Types in the charger picker's search and waits for the rows of that search. */
async function searchChargers(page: Page, text: string, expected: string) {
  await page.getByTestId('vg-charger-search').fill(text);
  await page.locator('[data-testid="vg-charger-table"] tr.ant-table-row', { hasText: expected }).waitFor();
  // Settled: this search's own rows, no fetch under way (a click on rows being replaced can land on another row).
  await page.locator('[data-testid="vg-choice"][aria-busy="false"]').waitFor();
  await page.locator('[data-testid="vg-charger-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
}

const listRow = (page: Page, name: string) => page.locator('[data-testid="vg-table"] tr.ant-table-row', { hasText: name });

async function searchList(page: Page, text: string) {
  await page.getByTestId('vg-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

describe('virtual groups (advanced settings)', () => {
  const browser = useBrowser();

  it(
    'create through the picker with pricing per connector, list, view, remove and add back a charger, rename, delete',
    { timeout: 150_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      const profileName = `Perfil E2E ${Date.now() % 1_000_000}`;
      const otherName = `Perfil rápido ${Date.now() % 1_000_000}`;
      await aPricingProfile(page, profileName);
      await aPricingProfile(page, otherName);

      // The list, from the menu.
      await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Configurações avançadas', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups');
      await page.getByRole('heading', { name: 'Configurações avançadas' }).waitFor();
      await page.getByTestId('vg-create').click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups/create');

      // Name and description, then the chargers in the picker.
      await page.getByLabel('Nome da configuração').fill('E2E Centro');
      await page.getByLabel('Descrição').fill('Grupo do teste de navegador');
      await page.getByTestId('vg-choose-chargers').click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups/chargeboxes/select');
      await page.getByRole('heading', { name: 'Selecionar carregadores' }).waitFor();
      expect(await page.getByText('Escolha os carregadores de E2E Centro').count()).toBe(1);
      await searchChargers(page, 'MOVE-SP-00', FIRST);
      await page.getByLabel(`Selecionar ${FIRST}`).check();
      // A click on the row ticks it too.
      await page.locator('[data-testid="vg-charger-table"] tr.ant-table-row', { hasText: SECOND }).getByText(SECOND_DESCRIPTION).click();
      await expect.poll(() => page.getByTestId('vg-selected-count').innerText()).toBe('2 selecionados');
      await shoot(page, 'virtual-groups-picker');
      await page.getByTestId('vg-picker-done').click();

      // Back on the form: the draft kept, the chargers listed.
      await page.waitForURL((url) => url.pathname === '/virtual-groups/create');
      expect(await page.getByLabel('Nome da configuração').inputValue()).toBe('E2E Centro');
      const chosen = page.getByTestId('vg-chosen');
      await chosen.getByText(FIRST).waitFor();
      await chosen.getByText(SECOND).waitFor();

      // Pricing per connector: on, the mode, one profile per connector; missing ones are named.
      await page.getByLabel('Precificação dinâmica').click();
      // The radio's own input is hidden under its button (antd): a click on the button, as a user does.
      await page.locator('label.ant-radio-button-wrapper', { hasText: 'Por conector' }).click();
      await expect.poll(() => page.getByRole('radio', { name: 'Por conector' }).isChecked()).toBe(true);
      await pick(page, 'Conector 1', profileName);
      await page.getByTestId('vg-submit').click();
      await page.getByText('Selecione um perfil de precificação').first().waitFor();
      expect(await page.getByText('Selecione um perfil de precificação').count()).toBe(2);
      // Connector 2 has its own profile: three equal profiles would read back as one per station (002 §4).
      await pick(page, 'Conector 2', otherName);
      await pick(page, 'Conector 3', profileName);
      await shoot(page, 'virtual-groups-create');
      await page.getByTestId('vg-submit').click();

      const created = page.getByRole('dialog', { name: 'Configuração cadastrada com sucesso!' });
      await created.waitFor();
      await created.getByRole('button', { name: 'Ver listagem' }).click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups');

      // Listed with its count and profile.
      await searchList(page, 'E2E Centro');
      const row = listRow(page, 'E2E Centro');
      await row.waitFor();
      expect(await row.innerText()).toContain(profileName);
      expect(await row.innerText()).toContain(otherName);
      expect(await row.locator('td').nth(1).innerText()).toBe('2');
      await shoot(page, 'virtual-groups-list');

      // The view: overview with the count and the pricing per connector.
      await row.locator('td').nth(1).click();
      await page.waitForURL((url) => /^\/virtual-groups\/view\/\d+$/.test(url.pathname));
      const groupPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: 'E2E Centro' }).waitFor();
      expect(await page.getByTestId('vg-charger-count').innerText()).toBe('2');
      await page.getByText(`Conector 2: ${otherName}`).waitFor();
      await page.getByText(`Conector 3: ${profileName}`).waitFor();
      await page.getByTestId('vg-latest-transactions').waitFor();
      await shoot(page, 'virtual-groups-view');

      // Chargers tab: remove the second.
      await page.getByRole('tab', { name: 'Carregadores' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'chargers');
      const members = page.locator('[data-testid="vg-group-chargers"] tr.ant-table-row');
      await expect.poll(() => members.count()).toBe(2);
      await page.getByRole('button', { name: `Excluir ${SECOND} da configuração` }).click();
      const confirm = page.getByRole('dialog', { name: `Deseja excluir o carregador ${SECOND_DESCRIPTION}?` });
      await confirm.waitFor();
      await page.getByTestId('vg-remove-ok').click();
      await waitForToast(page, 'O carregador foi excluído com sucesso!');
      await expect.poll(() => members.count()).toBe(1);

      // Add it back: the member of this group is shown, not tickable.
      await page.getByTestId('vg-add-chargers').click();
      await page.waitForURL((url) => url.pathname === `${groupPath.replace('/view/', '/edit/')}/chargeboxes`);
      await searchChargers(page, 'MOVE-SP-00', FIRST);
      const firstRow = page.locator('[data-testid="vg-charger-table"] tr.ant-table-row', { hasText: FIRST });
      await firstRow.getByText('Já está nesta configuração').waitFor();
      expect(await page.getByLabel(`Selecionar ${FIRST}`).isDisabled()).toBe(true);
      await page.getByLabel(`Selecionar ${SECOND}`).check();
      await expect.poll(() => page.getByTestId('vg-selected-count').innerText()).toBe('1 selecionado');
      await shoot(page, 'virtual-groups-add-chargers');
      await page.getByTestId('vg-add-submit').click();
      await waitForToast(page, 'Carregadores adicionados com sucesso!');
      await page.waitForURL((url) => url.pathname === groupPath && url.searchParams.get('tab') === 'chargers');
      await expect.poll(() => members.count()).toBe(2);

      // Pricing tab: the saved values come back per connector.
      await page.getByRole('tab', { name: 'Perfil de precificação' }).click();
      await page.locator('label.ant-radio-button-wrapper-checked', { hasText: 'Por conector' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Por conector' }).isChecked()).toBe(true);
      expect(
        await page.getByLabel('Conector 2', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText(),
      ).toContain(otherName);
      await shoot(page, 'virtual-groups-pricing');

      // Rename.
      await page.getByTestId('vg-edit').click();
      await page.waitForURL((url) => url.pathname === groupPath.replace('/view/', '/edit/'));
      const name = page.getByLabel('Nome da configuração');
      await expect.poll(() => name.inputValue()).toBe('E2E Centro');
      await name.fill('');
      await page.getByTestId('vg-submit').click();
      await page.getByText('O nome do grupo é um campo obrigatório').waitFor();
      await name.fill('E2E Centro novo');
      await shoot(page, 'virtual-groups-edit');
      await page.getByTestId('vg-submit').click();
      await waitForToast(page, 'Configuração atualizada com sucesso!');
      await page.waitForURL((url) => url.pathname === groupPath, { timeout: 10_000 });
      await page.getByRole('heading', { name: 'E2E Centro novo' }).waitFor();

      // Delete from the list.
      await page.goto(appUrl('/virtual-groups'));
      await searchList(page, 'E2E Centro');
      await listRow(page, 'E2E Centro novo').getByTestId('vg-delete').click();
      await page.getByRole('dialog', { name: 'Deseja excluir a configuração E2E Centro novo?' }).waitFor();
      await page.getByTestId('vg-delete-ok').click();
      await waitForToast(page, 'A configuração foi excluído com sucesso!');
      await page.getByTestId('vg-empty').getByText('Nenhuma configuração cadastrada').waitFor();
    },
  );

  it(
    'a charger taken by another configuration meanwhile: the failure names it and its group; leaving asks first',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: '/virtual-groups/create' });
      await page.getByLabel('Nome da configuração').fill('E2E Disputa');
      await page.getByLabel('Descrição').fill('Perde o carregador');
      await page.getByTestId('vg-choose-chargers').click();
      await searchChargers(page, THIRD, THIRD);
      await page.getByLabel(`Selecionar ${THIRD}`).check();
      await page.getByTestId('vg-picker-done').click();
      await page.getByTestId('vg-chosen').getByText(THIRD).waitFor();

      // Another operator takes it first.
      const taken = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
        method: 'POST',
        json: { name: 'E2E Dona', description: 'Chegou antes', charge_boxs: [await chargerKey(page, THIRD)] },
      });
      expect(taken.status, taken.text).toBe(200);

      await page.getByTestId('vg-submit').click();
      const failed = page.getByRole('dialog', { name: 'Não foi possível criar a configuração!' });
      await failed.waitFor();
      expect(await failed.innerText()).toContain(`${THIRD} está na configuração E2E Dona`);
      await shoot(page, 'virtual-groups-create-conflict', { fullPage: false });
      await failed.getByRole('button', { name: 'Tentar novamente' }).click();
      await failed.waitFor({ state: 'detached' });

      // The form still holds unsaved changes: leaving through the menu asks first.
      await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Configurações avançadas', exact: true }).click();
      await page.getByTestId('leave-guard-stay').click();
      expect(new URL(page.url()).pathname).toBe('/virtual-groups/create');

      // The picker without its state goes to the create page.
      await page.goto(appUrl('/virtual-groups/chargeboxes/select'));
      await page.waitForURL((url) => url.pathname === '/virtual-groups/create');

      const removed = await callApi(page, `/gateway/virtual-groups/${taken.body.virtual_group_id}`, { method: 'DELETE' });
      expect(removed.status, removed.text).toBe(200);
    },
  );
});

describe('virtual groups on a phone', () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it('list, form, picker, view and its tabs: nothing scrolls the page sideways at 390 and 360 px', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    const profile = await aPricingProfile(page, `Perfil fone ${Date.now() % 1_000_000}`);
    const group = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
      method: 'POST',
      json: {
        name: 'E2E Fone com nome longo 30 ch',
        description: 'Uma descrição com cinquenta caracteres no total ok',
        charge_boxs: [await chargerKey(page, 'MOVE-RJ-001')],
        dynamic_pricing: {
          enabled: true,
          connector1_dynamic_pricing_id: profile,
          connector2_dynamic_pricing_id: profile,
          connector3_dynamic_pricing_id: profile,
        },
      },
    });
    expect(group.status, group.text).toBe(200);
    const id = group.body.virtual_group_id;

    const screens: [string, string, () => Promise<unknown>][] = [
      ['list', '/virtual-groups', () => page.getByTestId('vg-table').waitFor()],
      ['create', '/virtual-groups/create', () => page.getByTestId('vg-pricing').waitFor()],
      ['view', `/virtual-groups/view/${id}`, () => page.getByTestId('vg-latest-transactions').waitFor()],
      [
        'chargers',
        `/virtual-groups/view/${id}?tab=chargers`,
        () => page.locator('[data-testid="vg-group-chargers"] tr.ant-table-row').waitFor(),
      ],
      ['pricing', `/virtual-groups/view/${id}?tab=pricing`, () => page.getByTestId('vg-pricing').waitFor()],
      ['events', `/virtual-groups/view/${id}?tab=events`, () => page.getByTestId('vg-events').waitFor()],
      ['transactions', `/virtual-groups/view/${id}?tab=transactions`, () => page.getByTestId('vg-transactions').waitFor()],
      ['edit', `/virtual-groups/edit/${id}`, () => page.getByTestId('vg-name').waitFor()],
      [
        'add-chargers',
        `/virtual-groups/edit/${id}/chargeboxes`,
        () => page.locator('[data-testid="vg-charger-table"] tr.ant-table-row').first().waitFor(),
      ],
    ];
    const problems: string[] = [];
    for (const [name, path, ready] of screens) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(appUrl(path));
      await ready();
      await page.waitForFunction(() => !document.querySelector('.ant-skeleton-active, .ant-spin-spinning'), null, { timeout: 20_000 });
      await waitForStill(page);
      await shoot(page, `virtual-groups-${name}-390`);
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        await waitForStill(page);
        const problem = await scrollsSideways(page);
        if (problem) problems.push(`${path} at ${width}px: ${problem}`);
      }
    }
    // The picker, reached from the form (it needs the form's draft).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl('/virtual-groups/create'));
    await page.getByTestId('vg-choose-chargers').click();
    await page.locator('[data-testid="vg-charger-table"] tr.ant-table-row').first().waitFor();
    await waitForStill(page);
    await shoot(page, 'virtual-groups-picker-390');
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await waitForStill(page);
      const problem = await scrollsSideways(page);
      if (problem) problems.push(`picker at ${width}px: ${problem}`);
    }
    expect(problems).toEqual([]);

    await callApi(page, `/gateway/virtual-groups/${id}`, { method: 'DELETE' });
  });
});
