import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { logins, signIn, waitForToast } from './support/auth';
import { shoot } from './support/screenshots';

const rows = (page: Page) => page.locator('[data-testid="users-table"] tr.ant-table-row');

async function searchUsers(page: Page, text: string) {
  await page.getByTestId('user-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await page.locator('[data-testid="users-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
}

describe('users list', () => {
  const browser = useBrowser();

  it('from the menu: active drivers, searched without accents; a row expands to the wallet statement and the events', async () => {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.locator('[data-testid="sidebar"]').getByRole('menuitem', { name: 'Usuários', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Usuários');

    await searchUsers(page, 'julia santos');
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.innerText()).toContain('Júlia Santos');
    await row.click();
    const details = page.locator('[data-testid^="user-details-"]').first();
    await details.getByTestId('statement-total').waitFor();
    expect(await details.innerText()).toContain('Extrato da carteira');
    expect(await details.innerText()).toContain('Eventos recentes');
    await shoot(page, 'users-list-expanded', { fullPage: false });

    // Excel: built in the background and e-mailed; the screen says to whom.
    await page.getByTestId('users-excel').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Relatório a caminho' }).waitFor();
    expect(await page.locator('.ant-modal-confirm-content').innerText()).toContain(logins.admin.email);
  });

  it('the active filter and the search live in the address; the keyboard reaches the search and the checkbox', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/users' });
    await page.getByTestId('user-search').waitFor();
    await page.getByTestId('user-search').focus();
    await page.keyboard.type('motorista');
    await page.waitForURL((url) => url.searchParams.get('search') === 'motorista');
    // The list has followed the address (a navigation still under way would be overtaken by the next one).
    await expect.poll(() => rows(page).first().innerText()).toContain('motorista');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');

    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('all') === '1');
    expect(new URL(page.url()).searchParams.get('search')).toBe('motorista');
    await page.reload();
    await expect.poll(() => page.getByTestId('user-search').inputValue()).toBe('motorista');
    expect(await page.getByRole('checkbox', { name: 'Usuários ativos' }).isChecked()).toBe(false);
  });

  it('saving a user from the list returns to the list', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/users' });
    await searchUsers(page, 'julia');
    await rows(page).first().getByRole('button', { name: 'Abrir' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/user/'));
    await page.locator('[data-testid="user-submit"]').waitFor();
    await page.locator('[data-testid="user-submit"]').click();
    await waitForToast(page, 'Usuário alterado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/users');
  });
});
