import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, storageValue, waitForToast } from './support/auth';
import { screenshotDir, screenshotsOn, shoot } from './support/screenshots';
import { waitForAnimations } from './support/still';

/** The signed-in user's id, as the session stores it. */
async function sessionUserId(page: Page): Promise<number> {
  return (JSON.parse((await storageValue(page, 'auth-user')) ?? '{}') as { id: number }).id;
}

/** Finds a user's id through the real user-form call (the signed-in administrator's token). */
async function userIdByEmail(page: Page, email: string): Promise<number> {
  for (let pk = 1; pk <= 60; pk++) {
    const answer = await callApi<{ userForm: { email: string } }>(page, `/api/users_data/${pk}/`);
    if (answer.status === 200 && answer.body.userForm.email === email) return pk;
  }
  throw new Error(`no user ${email}`);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const pageTitle = (page: Page) => page.locator('.page-header__title');
const pageSubtitle = (page: Page) => page.locator('.page-header__subtitle');

describe('user form', () => {
  const browser = useBrowser();

  it('operator, from the header Ver perfil (View profile), edits their phone, saves, and sees it after a reload', async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator);
    const ownId = await sessionUserId(page);

    // Header user menu → Ver perfil, by keyboard.
    await page.locator('[data-testid="user-menu"]').focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Ver perfil' });
    await item.waitFor({ state: 'visible' });
    await item.click();
    await page.waitForURL((url) => url.pathname === `/user/${ownId}`);
    await expect.poll(() => pageTitle(page).textContent(), { timeout: 15_000 }).toBe('Editando usuário');
    expect(await pageSubtitle(page).textContent()).toBe('Otávio');

    // Own profile without /user/{id}: personal fields open, administrative ones locked, no offline toggle.
    const phone = field(page, 'Telefone');
    await phone.waitFor({ state: 'visible' });
    expect(await field(page, 'E-mail').inputValue()).toBe('operador@sol.com.br');
    expect(await field(page, 'E-mail').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Notificação de estações offline').count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Usuário ativo' }).isDisabled()).toBe(true);

    await phone.fill('+55 11 98765-4321');
    await shoot(page, 'user-profile-operator', { waitForToasts: true });
    await page.locator('[data-testid="user-submit"]').click();
    await waitForToast(page, 'Usuário alterado com sucesso!');
    // The page leaves after a second: a picture of the toast once it has slid in, not of a still page.
    await waitForAnimations(page.locator('.ant-message'));
    if (screenshotsOn) await page.screenshot({ path: `${screenshotDir}user-profile-saved.png` });
    // Back after about a second (001 §9): to the screen the menu was opened from.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });

    await page.goto(appUrl(`/user/${ownId}`));
    await page.reload();
    await expect
      .poll(() =>
        field(page, 'Telefone')
          .inputValue()
          .catch(() => ''),
      )
      .toBe('+55 11 98765-4321');
  });

  it('administrator, opening another user, sees the first name as subtitle and the offline notification toggle', async () => {
    const { page } = browser;
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
    });
    await signIn(page, logins.admin);
    const driverId = await userIdByEmail(page, 'motorista@move.com.br');
    await page.goto(appUrl(`/user/${driverId}`));
    await expect.poll(() => pageTitle(page).textContent(), { timeout: 15_000 }).toBe('Editando usuário');
    expect(await pageSubtitle(page).textContent()).toBe('Marcos');
    const toggle = page.getByRole('switch', { name: 'Notificação de estações offline' });
    await toggle.waitFor({ state: 'visible' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await field(page, 'Número do documento').inputValue()).toBe('111.444.777-35');
    expect(await field(page, 'Tag OCPP do usuário').inputValue()).toBe('04A1B2C3D4');
    await shoot(page, 'user-edit-admin');

    // A first name over 20 characters shows the field error and nothing is saved.
    const firstName = field(page, 'Nome');
    await firstName.fill('Marcos Antônio Ferreira');
    await firstName.press('Tab');
    await page.getByText('Máximo de 20 caracteres.').waitFor({ state: 'visible' });
    await page.locator('[data-testid="user-submit"]').click();
    await waitForToast(page, 'Não foi possível realizar a operação. Certifique-se de que os campos foram corretamente preenchidos.');
    await shoot(page, 'user-edit-name-too-long', { fullPage: false });
    expect(page.url()).toContain(`/user/${driverId}`);
    // The screen runs clean: no React or component-library warnings.
    expect(consoleErrors.filter((text) => /warning|antd|react/i.test(text))).toEqual([]);
  });

  it('an unknown id shows the not-found text', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/user/987654' });
    await page.getByText('Nenhum usuário encontrada com este id.').waitFor({ state: 'visible' });
    expect(await pageTitle(page).textContent()).toBe('Editando usuário');
    await shoot(page, 'user-not-found', { fullPage: false });
  });

  it('administrator, at /users/create, sees the create form titled Creating User with the password field', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/users/create' });
    await expect.poll(() => pageTitle(page).textContent(), { timeout: 15_000 }).toBe('Criando usuário');
    await field(page, 'Senha').waitFor({ state: 'visible' });
    await page.locator('[data-testid="user-submit"]').click();
    await page.getByText('O campo Nome é obrigatório.').waitFor({ state: 'visible' });
    await page.getByText('O campo Senha é obrigatório.').waitFor({ state: 'visible' });
    await page.getByText('O campo E-mail é obrigatório.').waitFor({ state: 'visible' });
    await shoot(page, 'user-create');
  });
});
