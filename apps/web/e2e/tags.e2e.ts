import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { fillLogin, logins, signIn, solveCaptcha, submitButton, waitForToast } from './support/auth';
import { connectStation } from './support/ocpp-station';
import { shoot } from './support/screenshots';

/** The tags list after its rows settled (the list follows the address through router navigation). */
async function searchTags(page: Page, text: string) {
  await page.getByTestId('tag-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await page.locator('[data-testid="tags-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
}

const row = (page: Page, idTag: string) => page.locator('[data-testid="tags-table"] tr.ant-table-row', { hasText: idTag });

describe('RFID tags', () => {
  const browser = useBrowser();

  it('list: from the menu, searched by a part of the id; a row expands to its owner and free-recharge line', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.locator('[data-testid="sidebar"]').getByRole('menuitem', { name: 'Tags RFID', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ocpptags');
    // The title follows once the screen's code has loaded: on a busy machine that is more than expect.poll's default second.
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Tags RFID');

    await searchTags(page, '04c3');
    await expect.poll(() => page.locator('[data-testid="tags-table"] tr.ant-table-row').count()).toBe(1);
    await row(page, '04C3D4E5F6').click();
    const card = page.getByTestId('tag-card-04C3D4E5F6');
    await card.waitFor();
    expect(await card.innerText()).toContain('Recarga gratuita');
    await shoot(page, 'tags-list', { fullPage: false });
  });

  it('create with the keyboard, refuse the same id again, edit to inactive, delete', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/ocpptags/create' });
    const id = page.getByTestId('tag-id-input');
    await id.waitFor();
    // Keyboard: type the id, Tab over to the note, type it, Enter in the id submits the form.
    await id.focus();
    await page.keyboard.type('E2E-TAG-01');
    await page.keyboard.press('Tab');
    await page.getByLabel('Observação').focus();
    await page.keyboard.type('Cartão da frota');
    await id.focus();
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Tag RFID criada com sucesso!');
    await page.waitForURL((url) => url.pathname === '/ocpptags');

    await page.goto(appUrl('/ocpptags/create'));
    await page.getByTestId('tag-id-input').fill('e2e-tag-01');
    await page.getByTestId('tag-submit').click();
    await waitForToast(page, 'Tag RFID e2e-tag-01 já cadastrada!');
    expect(new URL(page.url()).pathname).toBe('/ocpptags/create');

    await page.goto(appUrl('/ocpptags'));
    await searchTags(page, 'E2E-TAG');
    await row(page, 'E2E-TAG-01').click();
    await page.getByTestId('tag-card-E2E-TAG-01').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/ocpptags/edit/'));
    await page.getByTestId('tag-inactive').click();
    await page.getByTestId('tag-submit').click();
    await waitForToast(page, 'Tag RFID atualizada com sucesso!');
    await page.waitForURL((url) => url.pathname === '/ocpptags');
    await searchTags(page, 'E2E-TAG');
    await expect.poll(() => row(page, 'E2E-TAG-01').innerText()).toContain('Inativa');

    await row(page, 'E2E-TAG-01').click();
    await page.getByTestId('tag-card-E2E-TAG-01').getByTestId('tag-delete').click();
    await page.getByTestId('tag-delete-ok').click();
    await waitForToast(page, 'Tag RFID excluída com sucesso!');
    await page.getByTestId('tags-empty').waitFor();
  });

  it(
    'unknown tags: signed out, the page asks to sign in and comes back; a card a station presented is approved',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      const station = await connectStation('SOL-BH-001', 'E2E-Tags');
      try {
        const answer = (await station.call('Authorize', { idTag: 'E2E-UNKNOWN-7' })) as { idTagInfo: { status: string } };
        expect(answer.idTagInfo.status).toBe('Invalid');

        await page.goto(appUrl('/ocpptags/unknown'));
        await page.getByTestId('unknown-sign-in').click();
        await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('next') === '/ocpptags/unknown');
        await fillLogin(page, logins.admin.email, logins.admin.password);
        await solveCaptcha(page);
        await submitButton(page).click();
        await page.waitForURL((url) => url.pathname === '/ocpptags/unknown');
        await page.getByRole('heading', { name: 'Tags RFID Desconhecidas' }).waitFor();

        await page.getByTestId('unknown-search').fill('E2E-UNKNOWN');
        const line = page.locator('[data-testid="unknown-table"] tr.ant-table-row', { hasText: 'E2E-UNKNOWN-7' });
        await line.waitFor();
        expect(await line.innerText()).toContain('SOL-BH-001');
        await shoot(page, 'tags-unknown', { fullPage: false });
        await page.getByTestId('unknown-approve-E2E-UNKNOWN-7').click();
        await waitForToast(page, 'E2E-UNKNOWN-7 - Tag RFID aprovada com sucesso!');
        await line.waitFor({ state: 'detached' });

        const again = (await station.call('Authorize', { idTag: 'E2E-UNKNOWN-7' })) as { idTagInfo: { status: string } };
        expect(again.idTagInfo.status).toBe('Accepted');
      } finally {
        await station.close({ force: true }).catch(() => undefined);
      }
    },
  );
});
