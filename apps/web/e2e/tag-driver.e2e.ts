import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { scrollsSideways } from './support/layout';
import { shoot } from './support/screenshots';

/*
 * Giving a driver a card (issue 40 item 10), the country's documents on the tag form (item 17) and
 * the tags list while it loads (item 22): a card is created with its driver, the list then opens on
 * it, and the users list shows the card; in Colombia the parent is found by cédula, not by CPF.
 */

const stamp = String(Date.now() % 1_000_000);

/** Picks `label` in the antd select of the form item labelled `field`, after typing `typed` into it. */
async function pickDriver(page: Page, typed: string, option: string) {
  const input = page.getByTestId('tag-driver-input').locator('input');
  await input.click();
  await input.fill(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).click();
}

async function pickTenant(page: Page, name: string) {
  const input = page.getByTestId('tag-tenant-input').locator('input');
  await input.click();
  await input.fill(name.slice(0, 5));
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: name }).click();
}

interface UserRow {
  user_pk: number;
  docType: string | null;
  docNumber: string | null;
  ocpp_id_tag: string | null;
}

async function userRow(page: Page, email: string): Promise<UserRow> {
  const answer = await callApi<{ userDashboardList: (UserRow & { email: string })[] }>(
    page,
    `/api/users_data/dashboard-details/?activeUsers=false&searchInput=${encodeURIComponent(email)}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.userDashboardList.find((u) => u.email === email)!;
}

describe('giving a driver a card', () => {
  const browser = useBrowser();

  it('pt-BR at 1440: no "no tags" while the list loads; a card made for Marcos opens the list on it, and his row shows the card', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    // The list's first answer is held until the screen has been checked while it waits.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ocpptags/?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(appUrl('/ocpptags'));
    await page.getByTestId('tags-waiting').waitFor();
    expect(await page.getByTestId('tags-empty').count()).toBe(0);
    release();
    await page.locator('[data-testid="tags-table"] tr.ant-table-row').first().waitFor();
    await page.unroute('**/api/ocpptags/?*');

    const card = `CARD-MS-${stamp}`;
    await page.goto(appUrl('/ocpptags/create'));
    await page.getByTestId('tag-id-input').fill(card);
    await pickTenant(page, 'Move Eletropostos');
    await pickDriver(page, 'marcos', 'Marcos Silva · motorista@move.com.br');
    await shoot(page, 'tag-form-driver-1440', { fullPage: false });
    await page.getByTestId('tag-submit').click();
    await waitForToast(page, 'Tag RFID criada com sucesso!');
    // The list is in id order: the new card opens in view (searched by its id), not on some other page.
    await page.waitForURL((url) => url.pathname === '/ocpptags' && url.searchParams.get('search') === card);
    // On a phone the tag is a card (from 768 px up, a table row).
    const row = page
      .locator('[data-testid="tags-table"] tr.ant-table-row', { hasText: card })
      .or(page.locator('[data-testid="tag-record-card"]', { hasText: card }));
    await row.waitFor();
    expect(await row.innerText()).toContain('Marcos Silva');
    expect(await page.getByTestId('tag-search').inputValue()).toBe(card);
    await shoot(page, 'tags-saved-card-in-view-1440', { fullPage: false });

    // The users list shows the card Marcos carries, not his automatic USER tag.
    expect((await userRow(page, 'motorista@move.com.br')).ocpp_id_tag).toBe(card);
    await page.goto(appUrl('/users?search=motorista%40move'));
    await page.locator('tr.ant-table-row', { hasText: 'Marcos Silva' }).getByText(card).waitFor();
  });

  it('es-CO at 390: the parent is found by cédula de ciudadanía (no CPF asked) and the card goes to Valentina', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, logins.admin, 'terpel', { at: null });
    // Valentina gets a cédula once (a stored document does not change).
    const valentina = await userRow(page, 'conductor@terpel.co');
    const cedula = valentina.docNumber ?? `10${stamp}`;
    if (!valentina.docNumber) {
      const put = await callApi(page, `/api/users_data/${valentina.user_pk}/`, {
        method: 'PUT',
        json: { docType: 'CC', docNumber: cedula },
      });
      expect(put.status, put.text).toBe(200);
    }
    const own = await callApi<{ ocppTagList: { idTag: string }[] }>(page, `/api/ocpptags/?type=USER&userPk=${valentina.user_pk}`);
    const ownTag = own.body.ocppTagList[0]!.idTag;

    await page.goto(appUrl('/ocpptags/create', 'terpel'));
    const card = `TARJ-VG-${stamp}`;
    await page.getByTestId('tag-id-input').fill(card);
    await pickTenant(page, 'Terpel Energía');
    // Colombia's documents, the cédula first; no CPF mask.
    await expect.poll(() => page.getByTestId('tag-doc-type').innerText()).toContain('Cédula de ciudadanía');
    expect(await page.getByText('CPF', { exact: false }).count()).toBe(0);
    await page.getByLabel('Número de Cédula de ciudadanía').fill(cedula);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect.poll(() => page.getByLabel('Tag principal').inputValue()).toBe(ownTag);
    await pickDriver(page, 'valen', 'Valentina Gómez');
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'tag-form-es-co-390');
    await page.getByTestId('tag-submit').click();
    await page.waitForURL((url) => url.pathname === '/ocpptags' && url.searchParams.get('search') === card);
    // On a phone the tag is a card (from 768 px up, a table row).
    const row = page
      .locator('[data-testid="tags-table"] tr.ant-table-row', { hasText: card })
      .or(page.locator('[data-testid="tag-record-card"]', { hasText: card }));
    await row.waitFor();
    expect(await row.innerText()).toContain('Valentina');
    expect(await scrollsSideways(page)).toBeNull();
    await shoot(page, 'tags-saved-card-in-view-es-co-390', { fullPage: false });
  });
});
