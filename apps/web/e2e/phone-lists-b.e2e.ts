import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TaskListResponse } from '@recarga/contracts/operations';
import type { PushSendResponse } from '@recarga/contracts/push';
import { useBrowser } from './support/browser';
import { loginSession, logins, signIn } from './support/auth';
import { connectStation, hoursAgo, recharge } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { testServer } from './support/server';

/*
 * Issue 40 item 5 (part B): on a phone the transactions, the task history and the push history
 * were desktop tables clipped inside their cards (a recharge showed its id and station, never its
 * time, energy or money). Each row is now a card; from 768 px up the table stays.
 *
 * The data: twelve finished recharges on TERPEL-BOG-002 connector 3 (no other file charges there;
 * the dashboard uses connectors 1 and 2), eleven Clear cache commands to that station (answered by
 * it), and eleven push notifications of Sol's operator (the administrator's own network has no app
 * user with a device, so it cannot push).
 */

const STATION = 'TERPEL-BOG-002';
const CONNECTOR = 3;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Newest first: hours ago, minutes, kWh, tag (Valentina's driver tag or Terpel's fleet card). */
const plan: [number, number, number, string][] = [
  [1, 42, 18.4, '04D4E5F6A7'],
  [3, 35, 12.75, '3A4B5C6D'],
  [5, 50, 22.1, '04D4E5F6A7'],
  [7, 28, 9.6, '3A4B5C6D'],
  [9, 44, 16.2, '04D4E5F6A7'],
  [11, 31, 11.05, '3A4B5C6D'],
  [13, 55, 24.3, '04D4E5F6A7'],
  [15, 26, 8.4, '3A4B5C6D'],
  [17, 39, 14.9, '04D4E5F6A7'],
  [19, 47, 19.35, '3A4B5C6D'],
  [21, 33, 12.0, '04D4E5F6A7'],
  [23, 40, 15.5, '3A4B5C6D'],
];

const made = {
  /** Recharge ids, newest first (as `plan`). */
  recharges: [] as number[],
  /** Task ids, oldest first. */
  tasks: [] as number[],
  /** Push notification ids and texts, oldest first. */
  pushes: [] as { id: number; text: string }[],
};

/** A call to the server as the user of `token` (for arranging data before any page is open). */
async function api<T>(token: string, path: string, json?: unknown): Promise<{ status: number; body: T; text: string }> {
  const res = await fetch(`http://127.0.0.1:${testServer().port}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      platform: 'DASHBOARD',
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, text };
}

/** The element lies wholly inside the window's width (nothing cut at either side). */
async function expectInsideWidth(element: Locator, width = PHONE.width) {
  await element.waitFor({ state: 'visible' });
  const box = (await element.boundingBox())!;
  expect(box.width).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** The first card's test id (`<prefix><id>`) of a card list. */
async function firstCardId(page: Page, list: string): Promise<string | null> {
  return page.locator(`[data-testid="${list}"] > li.record-card`).first().getAttribute('data-testid');
}

describe('lists as cards on a phone (390 px): transactions, task history, push history', () => {
  const browser = useBrowser({ viewport: PHONE });

  beforeAll(async () => {
    const station = await connectStation(STATION, 'E2E-Phone-Lists');
    station.handle('ClearCache', async () => ({ status: 'Accepted' }));
    try {
      for (const [hours, minutes, kWh, idTag] of plan) {
        made.recharges.push(await recharge(station, { connectorId: CONNECTOR, idTag, startAt: hoursAgo(hours), minutes, kWh }));
      }
      const admin = (await loginSession(logins.admin)).token;
      for (let i = 0; i < 11; i++) {
        const sent = await api<{ taskId: number }>(admin, '/api/operations/v1.6/clear_cache/', { chargePointSelectList: [STATION] });
        expect(sent.status, sent.text).toBe(200);
        made.tasks.push(sent.body.taskId);
      }
      // Every command answered before the station goes away.
      await vi.waitFor(
        async () => {
          const list = await api<TaskListResponse>(admin, '/api/operations/tasks/?page=1&size=30');
          const open = made.tasks.filter((id) => !list.body.tasks.find((task) => task.taskId === id)?.endTimestamp);
          if (open.length) throw new Error(`tasks not answered yet: ${open.join(', ')}`);
        },
        { timeout: 15_000, interval: 200 },
      );
    } finally {
      await station.close();
    }
    const sol = (await loginSession(logins.solOperator)).token;
    const stamp = Date.now().toString(36);
    for (let i = 1; i <= 11; i++) {
      const text = `Aviso ${i} (${stamp}): a estação da Savassi volta a funcionar amanhã às 8h, com dois conectores novos.`;
      const sent = await api<PushSendResponse>(sol, '/api/push-notification/', { message: text });
      expect(sent.status, sent.text).toBe(200);
      made.pushes.push({ id: sent.body.notification.id, text });
    }
  }, 120_000);

  it('transactions, pt-BR administrator: cards and no table; time, energy and money inside the width; a card opens its details; page 2; the table again at 1440', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: `/transactions?search=${STATION}` });
    const newest = made.recharges[0]!;
    const card = page.getByTestId(`tx-card-${newest}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tx-table').count()).toBe(0);
    expect(await page.locator('.tx-card .ant-table').count()).toBe(0);

    // Name first: station and connector, the recharge id under it; the table's column titles as labels.
    expect(await card.locator('.record-card__title').innerText()).toBe('Terpel Autopista Norte Calle 127 · Conector 3');
    expect(await card.locator('.record-card__subtitle').innerText()).toBe(`Recarga #${newest} · ${STATION}`);
    const labels = await card.locator('.record-card__facts dt').allInnerTexts();
    expect(labels).toEqual(['Início - Fim', 'Duração', 'Energia (kWh)', 'Receita', 'Usuário (Tag)', 'NF']);
    expect(await page.getByTestId(`tx-card-period-${newest}`).innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByTestId(`tx-card-energy-${newest}`).innerText()).toBe('18,40');
    expect(await page.getByTestId(`tx-income-${newest}`).innerText()).toMatch(/\d/);
    for (const id of [`tx-card-period-${newest}`, `tx-card-energy-${newest}`, `tx-income-${newest}`]) {
      await expectInsideWidth(page.getByTestId(id));
    }
    await expectInsideWidth(card);
    expect(await card.innerText()).toContain('04D4E5F6A7');
    // Every selection box is named for its recharge.
    const boxes = await page.locator('.record-card__select input[type="checkbox"]').count();
    expect(await page.getByRole('checkbox', { name: /^Selecionar recarga \d+ para aprovação$/ }).count()).toBe(boxes);
    await shoot(page, 'phone-transactions-br', { fullPage: false });

    await page.getByRole('button', { name: `Mostrar detalhes da recarga ${newest}`, exact: true }).click();
    const detail = page.getByTestId(`tx-detail-${newest}`);
    await detail.waitFor({ timeout: 15_000 });
    expect(await card.locator('.record-card__details').count()).toBe(1);
    expect(
      await page.getByRole('button', { name: `Ocultar detalhes da recarga ${newest}`, exact: true }).getAttribute('aria-expanded'),
    ).toBe('true');
    await detail.scrollIntoViewIfNeeded();
    await shoot(page, 'phone-transactions-detail-br', { fullPage: false, scrollToTop: false });

    // Page 2 under the cards, the address keeping it: the oldest recharge is there.
    await page.getByTestId('tx-page-2').click();
    await page.getByTestId(`tx-card-${made.recharges.at(-1)}`).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByTestId(`tx-card-${newest}`).count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.getByTestId('tx-table').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tx-cards').count()).toBe(0);
  });

  it('transactions, es-CO Terpel operator: Spanish cards with time, energy and payment state inside the width, details, page 2, the table at 1440', async () => {
    const { page } = browser;
    await signIn(page, logins.terpelOperator, 'terpel', { at: '/transactions' });
    const newest = made.recharges[0]!;
    const card = page.getByTestId(`tx-card-${newest}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tx-table').count()).toBe(0);

    expect(await card.locator('.record-card__title').innerText()).toBe('Terpel Autopista Norte Calle 127 · Conector 3');
    expect(await card.locator('.record-card__subtitle').innerText()).toBe(`Carga #${newest} · ${STATION}`);
    expect(await card.locator('.record-card__facts dt').allInnerTexts()).toEqual([
      'Inicio - Fin',
      'Duración',
      'Energía (kWh)',
      'Ingreso',
      'Usuario (Tag)',
    ]);
    expect(await page.getByTestId(`tx-card-energy-${newest}`).innerText()).toBe('18,40');
    expect(await page.getByTestId(`tx-card-period-${newest}`).innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    // The operator's rows carry the payment state without the amount (no payment capability), as the table's column.
    // Which state depends on Valentina's wallet and vouchers, which other files may give her.
    expect(await page.getByTestId(`tx-income-${newest}`).innerText()).toMatch(/^(Pagado|No pagado|Sin cobro)$/);
    for (const id of [`tx-card-period-${newest}`, `tx-card-energy-${newest}`, `tx-income-${newest}`]) {
      await expectInsideWidth(page.getByTestId(id));
    }
    expect(await card.innerText()).toContain('Valentina Gómez');
    await shoot(page, 'phone-transactions-terpel-es', { fullPage: false });

    await page.getByRole('button', { name: `Mostrar detalles de la carga ${newest}`, exact: true }).click();
    await page.getByTestId(`tx-detail-${newest}`).waitFor({ timeout: 15_000 });
    expect(await card.locator('.record-card__actions').innerText()).toContain('Detalles');

    await page.getByTestId('tx-page-2').click();
    await page.getByTestId(`tx-card-${made.recharges.at(-1)}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`tx-card-${newest}`).count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.getByTestId('tx-table').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tx-cards').count()).toBe(0);
  });

  it('task history, pt-BR administrator: a card per command with its station and times, opened to each station’s answer; page 2; the table at 1440', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: '/operations/tasks' });
    const newest = made.tasks.at(-1)!;
    const card = page.getByTestId(`task-card-${newest}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await page.locator('.ant-table').count()).toBe(0);

    expect(await card.locator('.record-card__title').innerText()).toBe('Limpar cache');
    expect(await card.locator('.record-card__subtitle').innerText()).toBe(`Tarefa #${newest} · OCPP 1.6`);
    expect(await card.locator('.record-card__facts dt').allInnerTexts()).toEqual(['Estação', 'Origem', 'Início', 'Fim', 'Enviado por']);
    const facts = await card.locator('.record-card__facts dd').allInnerTexts();
    expect(facts[0]).toBe(STATION);
    expect(facts[1]).toBe('Painel');
    expect(facts[2]).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(facts[4]).toBe('admin@recarga.app');
    expect(await card.locator('.record-card__tags').innerText()).toBe('1 respondeu');
    await expectInsideWidth(card);
    await shoot(page, 'phone-tasks-br', { fullPage: false });

    await card.getByRole('button', { name: `Mostrar detalhes da tarefa ${newest}`, exact: true }).click();
    const answer = card.getByTestId(`task-result-${STATION}`);
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.innerText()).toContain('Respondido');
    expect(await answer.innerText()).toContain('Aceito');
    expect(
      await card.getByRole('button', { name: `Ocultar detalhes da tarefa ${newest}`, exact: true }).getAttribute('aria-expanded'),
    ).toBe('true');
    await expectInsideWidth(answer);
    await shoot(page, 'phone-tasks-detail-br', { fullPage: false });

    const before = await firstCardId(page, 'task-cards');
    await page.locator('.record-cards__footer .ant-pagination-item-2').click();
    await expect.poll(() => firstCardId(page, 'task-cards'), { timeout: 15_000 }).not.toBe(before);
    expect(await page.getByTestId(`task-card-${newest}`).count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('task-cards').count()).toBe(0);
  });

  it('push history, pt-BR (Sol’s operator): the whole message first, when, by whom, to how many, its outcome; page 2; the table at 1440', async () => {
    const { page } = browser;
    await signIn(page, logins.solOperator, 'sol', { at: '/push_notification' });
    const newest = made.pushes.at(-1)!;
    const card = page.getByTestId(`push-card-${newest.id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('push-list').count()).toBe(0);

    expect(await card.locator('.record-card__title').innerText()).toBe(newest.text);
    expect(await card.locator('.record-card__tags').innerText()).toBe('Enviada');
    expect(await card.locator('.record-card__facts dt').allInnerTexts()).toEqual(['Data/hora', 'Enviada por', 'Destinatários']);
    const facts = await card.locator('.record-card__facts dd').allInnerTexts();
    expect(facts[0]).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(facts[1]).toBe('Otávio Operador');
    expect(facts[2]).toBe('1 (1 de 1 dispositivos)');
    await expectInsideWidth(card.locator('.record-card__title'));
    await expectInsideWidth(card);
    await shoot(page, 'phone-push-br', { fullPage: false });

    const oldest = made.pushes[0]!;
    await page.locator('.record-cards__footer .ant-pagination-item-2').click();
    await page.getByTestId(`push-card-${oldest.id}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`push-card-${newest.id}`).count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.getByTestId('push-list').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('push-cards').count()).toBe(0);
  });
});
