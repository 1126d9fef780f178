import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn, solveCaptcha, waitForToast } from './support/auth';
import { scrollsSideways } from './support/layout';
import { testServer } from './support/server';

/*
 * Support mail (/support), push notifications (/push_notification) and the public contact page
 * (/contact) against the real server: mail lands in <dataDir>/mail/*.eml (no MAIL_URL), pushes in
 * the outbox (no FCM credentials). Sol's operator pushes to Sol's one app user with a device (demo).
 */

/** The headers and text of the newest .eml whose text holds `needle`, once the server wrote it. */
function mailWith(needle: string): Promise<string> {
  const dir = join(testServer().dataDir, 'mail');
  return vi.waitFor(
    () => {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of files) {
        const eml = readFileSync(join(dir, f), 'utf8');
        // Quoted-printable bodies: soft line breaks joined, before searching.
        if (eml.replace(/=\r?\n/g, '').includes(needle)) return eml;
      }
      throw new Error(`no mail holding "${needle}" yet`);
    },
    { timeout: 15_000, interval: 100 },
  );
}

const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text }).first();

async function pickOption(page: Page, selectId: string, label: string) {
  await page.locator(`#${selectId}`).click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
}

describe('support, push and contact', () => {
  const browser = useBrowser();

  it('the support form: empty and 256-character messages show the field error; a suggestion sends, toasts, is listed as sent and mailed with Reply-To', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/support' });
    await page.getByRole('heading', { name: 'Suporte' }).waitFor();

    await page.getByTestId('support-send').click();
    await fieldError(page, 'O campo mensagem é obrigatório.').waitFor();
    await page.getByTestId('support-message').fill('x'.repeat(256));
    await fieldError(page, 'A mensagem pode ter no máximo 255 caracteres.').waitFor();

    const stamp = String(Date.now());
    const text = `Sugestão de teste ${stamp}: relatório semanal por e-mail.`;
    await pickOption(page, 'support_subject', 'Sugestão');
    await page.getByTestId('support-message').fill(text);
    await page.getByTestId('support-send').click();

    await waitForToast(page, 'Mensagem enviada com sucesso!');
    const item = page.getByTestId('support-history-item').filter({ hasText: text });
    await item.waitFor();
    expect(await item.innerText()).toContain('Enviada');
    expect(await item.innerText()).toContain('Sugestão');
    const eml = await mailWith(stamp);
    expect(eml).toMatch(/^To: suporte@recarga\.app$/m);
    expect(eml).toMatch(/^Reply-To: Ana Administradora <admin@recarga\.app>$/m);
  });

  it('the push form: an empty message shows the field error; a message sends, toasts and is listed as sent to Sol’s app user', async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator, 'sol', { at: '/push_notification' });

    await page.getByTestId('push-send').click();
    await fieldError(page, 'O campo mensagem é obrigatório.').waitFor();
    const text = `Estação nova em BH ${Date.now()}`;
    await page.getByTestId('push-message').fill(text);
    await page.getByTestId('push-send').click();

    await waitForToast(page, 'Push Notification enviado com sucesso!');
    const row = page.locator('[data-testid="push-list"] tbody tr', { hasText: text });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(1)).toEqual(['Otávio Operador', text, '1', 'Enviada']);
  });

  it('the contact page, signed out: the form sends once the captcha is solved and the visitor’s message reaches the support address', async () => {
    const { page } = browser;
    await page.goto(appUrl('/contact'));
    await page.getByRole('heading', { name: 'Fale conosco' }).waitFor();
    const text = `Contato ${Date.now()}: quero instalar um carregador no meu predio.`;
    await page.getByLabel('Nome', { exact: true }).fill('Lúcia');
    await page.getByLabel('Sobrenome').fill('Prado');
    await page.getByLabel('E-mail').fill('lucia.prado@example.com');
    await page.getByLabel('Telefone').fill('+55 31 99876-5432');
    await pickOption(page, 'contact_subject', 'Geral');
    await page.getByTestId('contact-message').fill(text);
    expect(await page.getByTestId('contact-send').isDisabled()).toBe(true);
    await solveCaptcha(page);
    await page.getByTestId('contact-send').click();

    await waitForToast(page, 'Mensagem enviada com sucesso!');
    await page.getByTestId('contact-sent').waitFor();
    const eml = await mailWith('quero instalar um carregador');
    // localhost belongs to Move, which has no address of its own: its parent Sol's.
    expect(eml).toMatch(/^To: suporte@sol\.com\.br$/m);
    // The name is encoded (it holds a non-ASCII letter); the address is as typed.
    expect(eml).toMatch(/^Reply-To: .*Prado.* <lucia\.prado@example\.com>$/m);
  });
});

describe('support, push and contact on a phone (360 px)', () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 } });

  it('the three pages fit the width: nothing scrolls sideways', async () => {
    const { page } = browser;
    await page.goto(appUrl('/contact'));
    await page.getByTestId('contact-message').waitFor();
    expect(await scrollsSideways(page)).toBeNull();
    await signIn(page, logins.admin);
    for (const path of ['/support', '/push_notification']) {
      await page.goto(appUrl(path));
      await page.locator(path === '/support' ? '[data-testid="support-message"]' : '[data-testid="push-message"]').waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-skeleton-active, .ant-spin-spinning'), null, { timeout: 20_000 });
      expect(await scrollsSideways(page), path).toBeNull();
    }
  });
});
