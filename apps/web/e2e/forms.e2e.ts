import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { waitForStill } from './support/still';
import { logins, signIn } from './support/auth';

/** Forms that keep work: leaving with unsaved changes asks first (menu, back button, closing the tab). */
describe('leaving a form with unsaved changes', () => {
  const browser = useBrowser();

  const nameField = () => browser.page.getByLabel('Nome', { exact: true });

  /** Opens the new-group form by clicking through the app, so that back stays inside it. */
  async function openGroupForm() {
    const { page } = browser;
    await signIn(page, logins.admin);
    await page.locator('[data-testid="sidebar"]').getByRole('menuitem', { name: 'Grupos de estações', exact: true }).click();
    await page.locator('[data-testid="new-group"]').click();
    await page.waitForURL((url) => url.pathname === '/station_groups/create');
    await page.locator('[data-testid="group-submit"]').waitFor();
  }

  it('the menu, then "Continuar editando": stays on the form with what was typed', async () => {
    const { page } = browser;
    await openGroupForm();
    await nameField().fill('Grupo E2E não salvo');

    await page.locator('[data-testid="sidebar"]').getByRole('menuitem', { name: 'Estações', exact: true }).click();

    await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).waitFor();
    await page.getByTestId('leave-guard-stay').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/station_groups/create');
    expect(await nameField().inputValue()).toBe('Grupo E2E não salvo');
  });

  it('the back button, then "Sair sem salvar": leaves', async () => {
    const { page } = browser;
    await openGroupForm();
    await nameField().fill('Grupo E2E não salvo');

    await page.goBack({ waitUntil: 'commit' });

    await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/station_groups/create');
    await page.getByTestId('leave-guard-leave').click();
    await page.waitForURL((url) => url.pathname === '/station_groups');
  });

  it('closing the tab: the browser asks first', async () => {
    const { page } = browser;
    await openGroupForm();
    await nameField().fill('Grupo E2E não salvo');
    // The form arms its question in an effect after the typing is drawn; closed before that (a busy
    // machine), the tab just closes. Armed: a cancelable beforeunload event is cancelled.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        }),
      )
      .toBe(true);
    // The dialog is answered "stay" at once: a close left pending under a beforeunload dialog can take the
    // whole headless browser down with it, failing every test after this one.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );

    await page.close({ runBeforeUnload: true });

    expect(await asked).toBe('beforeunload');
    // Staying keeps the tab and what was typed.
    await expect.poll(() => page.isClosed()).toBe(false);
    expect(await nameField().inputValue()).toBe('Grupo E2E não salvo');
  });

  it('an untouched form: leaves without asking', async () => {
    const { page } = browser;
    await openGroupForm();

    await page.locator('[data-testid="sidebar"]').getByRole('menuitem', { name: 'Estações', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/stations');
    expect(await page.locator('.ant-modal-confirm-title', { hasText: 'Sair sem salvar?' }).count()).toBe(0);
  });
});

describe('required fields and errors', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 720 } });

  it('a submit with empty required fields: every required label carries the mark, the first error scrolls clear of the header', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/users/create' });
    await page.locator('[data-testid="user-submit"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    await page.locator('[data-testid="user-submit"]').click();

    const firstError = page.locator('.ant-form-item-has-error').first();
    await firstError.waitFor();
    await waitForStill(page);
    const box = (await firstError.boundingBox())!;
    const header = (await page.locator('.app-header').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    // Every field that failed as required shows the required mark on its label.
    const unmarked = await page
      .locator('.ant-form-item-has-error')
      .evaluateAll(
        (items) =>
          items.filter((item) => item.textContent?.includes('obrigatório') && !item.querySelector('.ant-form-item-required')).length,
      );
    expect(unmarked).toBe(0);
  });

  it('the login form: its required fields carry the mark', async () => {
    const { page } = browser;
    await page.goto(appUrl('/auth/login'));
    await page.locator('form').waitFor();
    // The sign-in page loads without the component library: its own mark, the same asterisk.
    expect(await page.locator('form .field__label--required').count()).toBeGreaterThanOrEqual(2);
  });
});
