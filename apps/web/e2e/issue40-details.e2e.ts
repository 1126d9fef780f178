import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { connectStation, status } from './support/ocpp-station';
import { shoot } from './support/screenshots';
import { openStationEntry, postStation } from './support/stations';

/**
 * Small defects of issue 40, each checked where a person sees it: the alerts table at 1440 px, a
 * station's events in words, a firmware report reaching the open station card live, the financial
 * total's split at 1440 and 390 px, and the charging profiles as cards on a phone.
 */

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const stamp = String(Date.now() % 1_000_000);

/**
 * How many lines the text of an element takes: the boxes of its visible text runs grouped by line, a
 * run starting a new line when it lies wholly below the line before (icons and other boxes, which may
 * span two lines, are left out). 0 when it shows no text.
 */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
    }
    boxes.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) {
        lines += 1;
        bottom = box.bottom;
      }
    }
    return lines;
  });
}

/** The text of each element the locator finds that takes more than one line. */
async function wrapped(elements: Locator): Promise<string[]> {
  const out: string[] = [];
  for (const el of await elements.all()) {
    const lines = await linesOf(el);
    if (lines > 1) out.push(`"${(await el.innerText()).replace(/\s+/g, ' ').trim()}" on ${lines} lines`);
  }
  return out;
}

/** The tenant key (tenant_pk) of the network with this alias. */
async function tenantPkOf(page: Page, alias: string): Promise<number> {
  const answer = await callApi<{ tenantList: { tenant_pk: number; alias: string }[] }>(page, '/api/tenants/');
  return answer.body.tenantList.find((t) => t.alias === alias)!.tenant_pk;
}

/** Registers a station of this network (signed in as the administrator). */
async function aStation(page: Page, alias: string, chargeBoxId: string, description: string) {
  const place =
    alias === 'terpel' ? { street: 'Calle de los Detalles', city: 'Bogotá', state: 'Cundinamarca' } : { street: 'Rua dos Detalhes' };
  const created = await postStation(page, { chargeBoxId, description, ...place, tenantPk: await tenantPkOf(page, alias) });
  expect(created.status, created.text).toBe(200);
}

/** The station connects, reports a ground failure on connector 1 and leaves. */
async function groundFailure(chargeBoxId: string) {
  const station = await connectStation(chargeBoxId, 'E2E-Details');
  try {
    await status(station, 1, 'Faulted', new Date(), 'GroundFailure');
  } finally {
    await station.close();
  }
}

const languages = [
  {
    name: 'pt-BR',
    host: undefined,
    network: 'move',
    groundFailure: 'Falha de aterramento',
    longName: 'Estação de recarga do estacionamento central',
  },
  {
    name: 'es-CO',
    host: 'terpel',
    network: 'terpel',
    groundFailure: 'Falla de conexión a tierra',
    longName: 'Estación de carga del parqueadero central',
  },
] as const;

describe('issue 40 details at 1440 px', () => {
  const browser = useBrowser({ viewport: desktop });

  for (const lang of languages) {
    it(`alerts (${lang.name}): every column title on one line, and each date, severity and event on one line`, async () => {
      const { page } = browser;
      await signIn(page, logins.admin, lang.host, { at: null });
      // An alert of the network with a long station name (the name is what may be cut, with its title).
      const chargeBoxId = `AL-${lang.name.slice(0, 2).toUpperCase()}-${stamp}`;
      await aStation(page, lang.network, chargeBoxId, `${lang.longName} ${stamp}`);
      await groundFailure(chargeBoxId);

      await page.goto(appUrl('/alerts', lang.host));
      const rows = page.locator('[data-testid="alerts-table"] tbody tr.ant-table-row');
      await rows.first().waitFor({ timeout: 20_000 });
      await shoot(page, `issue40-alerts-1440-${lang.name}`, { fullPage: false });

      expect(await wrapped(page.locator('[data-testid="alerts-table"] thead th'))).toEqual([]);
      expect(await page.locator('[data-testid="alerts-table"] .alert-date time').count()).toBeGreaterThan(0);
      expect(await wrapped(page.locator('[data-testid="alerts-table"] .alert-date time'))).toEqual([]);
      expect(await wrapped(page.locator('[data-testid="alerts-table"] .severity-tag'))).toEqual([]);
      expect(await wrapped(page.locator('[data-testid="alerts-table"] .event-tag'))).toEqual([]);
      // Long texts are cut on one line and can be read whole in their title.
      const row = rows.filter({ hasText: chargeBoxId }).first();
      expect(await wrapped(row.locator('td:not(:has(.alert-station))'))).toEqual([]);
      const name = row.locator('.alert-station__name');
      expect(await linesOf(name)).toBe(1);
      expect(await linesOf(row.locator('.alert-station__id'))).toBe(1);
      expect(await name.getAttribute('title')).toBe(`${lang.longName} ${stamp}`);
      expect(await scrollsSideways(page)).toBeNull();
    });

    it(`station events (${lang.name}): a ground failure reads in words, not as GroundFailure`, async () => {
      const { page } = browser;
      await signIn(page, logins.admin, lang.host, { at: null });
      const chargeBoxId = `EV-${lang.name.slice(0, 2).toUpperCase()}-${stamp}`;
      await aStation(page, lang.network, chargeBoxId, `Eventos ${lang.name}`);
      await groundFailure(chargeBoxId);

      await page.goto(appUrl(`/stations?search=${chargeBoxId}`, lang.host));
      await openStationEntry(page, chargeBoxId);
      const events = page.getByTestId(`station-card-${chargeBoxId}`).getByTestId('station-events');
      await events.waitFor({ timeout: 15_000 });
      await events.locator('li').first().waitFor();
      await expect.poll(() => events.innerText(), { timeout: 10_000 }).toContain(lang.groundFailure);
      expect(await events.innerText()).not.toContain('GroundFailure');
    });
  }

  it('station card (pt-BR): a FirmwareStatusNotification shows on the open card without a reload', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const chargeBoxId = `FWL-${stamp}`;
    await aStation(page, 'move', chargeBoxId, `Firmware ao vivo ${stamp}`);
    await page.goto(appUrl(`/stations?search=${chargeBoxId}`));
    await openStationEntry(page, chargeBoxId);
    const firmware = page.getByTestId(`station-card-${chargeBoxId}`).getByTestId('station-firmware-status');
    await firmware.waitFor({ timeout: 15_000 });
    expect(await firmware.innerText()).toBe('Nenhum aviso');
    // A mark on this document: a reload or navigation would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const station = await connectStation(chargeBoxId, 'E2E-Details');
    try {
      // The station coming online reaches the list live: the live connection is up.
      await page.locator(`[data-testid="online-${chargeBoxId}"][data-online="true"]`).waitFor({ timeout: 20_000 });
      await station.call('FirmwareStatusNotification', { status: 'Installing' });
      // 'Instalando em 29/11/2026 12:34'
      await expect.poll(() => firmware.innerText(), { timeout: 15_000 }).toMatch(/^Instalando em \d{2}\/\d{2}\/\d{4}/);
      await station.call('DiagnosticsStatusNotification', { status: 'Uploading' });
      await expect
        .poll(() => page.getByTestId(`station-card-${chargeBoxId}`).getByTestId('station-diagnostics-status').innerText(), {
          timeout: 15_000,
        })
        .toMatch(/^Enviando em \d{2}\/\d{2}\/\d{4}/);
    } finally {
      await station.close();
    }
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await firmware.scrollIntoViewIfNeeded();
    await shoot(page, 'issue40-station-firmware-live', { fullPage: false, scrollToTop: false });
  });
});

describe('issue 40 details: the financial total and the charging profiles at 1440 and 390 px', () => {
  const browser = useBrowser({ viewport: desktop });

  it('financial (pt-BR): each "label value" pair of the total\'s split stays on one line, from 1440 down to 360 px', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const today = new Date();
    const from = new Date(today.getTime() - 89 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.goto(appUrl(`/financial?from=${from}&to=${today.toISOString().slice(0, 10)}`));
    const split = page.getByTestId('fin-summary-split');
    await split.waitFor({ timeout: 30_000 });
    // Where a narrow card breaks depends on the amounts: every width from the desktop's to the
    // phone's, so that some width would break inside a pair if anything could.
    for (const width of [1440, 1366, 1280, 1180, 1100, 1024, 960, 900, 840, 768, 700, 600, 520, 480, 430, 390, 360]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      // "Pago R$ 1.234,56", "pendente R$ 0,00", "reembolsado R$ 12,00": the lines of each, read from the text itself.
      const pairs = await split.evaluate((el) => {
        const nodes: { node: Text; start: number }[] = [];
        let text = '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          nodes.push({ node, start: text.length });
          text += node.data;
        }
        const at = (offset: number) => {
          const hit = [...nodes].reverse().find((n) => n.start <= offset)!;
          return [hit.node, offset - hit.start] as const;
        };
        return [/Pago R\$\s[\d.,]+/, /pendente R\$\s[\d.,]+/, /reembolsado R\$\s[\d.,]+/].map((pattern) => {
          const found = pattern.exec(text);
          if (!found) return { pair: `${pattern.source} not in "${text}"`, lines: 0 };
          const range = document.createRange();
          range.setStart(...at(found.index));
          range.setEnd(...at(found.index + found[0].length - 1));
          range.setEnd(range.endContainer, range.endOffset + 1);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          return { pair: found[0].replace(/\s/g, ' '), lines: tops.size };
        });
      });
      expect(
        pairs.filter((p) => p.lines !== 1),
        `at ${width} px`,
      ).toEqual([]);
      if (width === 1440 || width === 390) {
        expect(await scrollsSideways(page), `at ${width} px`).toBeNull();
        await shoot(page, `issue40-financial-split-${width}`, { fullPage: false });
      }
    }
  });

  it('charging profiles (pt-BR): cards at 390 px with the name and key facts inside the screen; the table at 1440', async () => {
    const { page } = browser;
    await signIn(page, logins.admin, undefined, { at: null });
    const description = `Noturno ${stamp}`; // at most 20 characters
    const created = await callApi<{ chargingProfilePk: number }>(page, '/api/charging_profiles/', {
      method: 'POST',
      json: {
        description,
        stackLevel: 2,
        chargingProfilePurpose: 'TX_DEFAULT_PROFILE',
        chargingProfileKind: 'RELATIVE',
        chargingRateUnit: 'W',
        schedulePeriodMap: [{ startPeriodInSeconds: 0, powerLimitInAmperes: 7400, numberPhases: null }],
      },
    });
    expect(created.status, created.text).toBe(200);

    await page.setViewportSize(phone);
    await page.goto(appUrl('/operations/charging_profile'));
    const card = page.getByTestId('profile-record-card').filter({ hasText: description });
    await card.waitFor({ timeout: 20_000 });
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await card.locator('.record-card__title').innerText()).toBe(description);
    const facts = await card
      .locator('.record-card__fact')
      .evaluateAll((list) =>
        list.map((f) => [(f.querySelector('dt') as HTMLElement).innerText.trim(), (f.querySelector('dd') as HTMLElement).innerText.trim()]),
      );
    expect(facts).toEqual([
      ['Finalidade', 'Padrão das recargas'],
      ['Tipo', 'Relativo'],
      ['Nível de pilha', '2'],
      ['Ativo em', '0 conector'], // CLDR: 0 is 'one' in Portuguese
    ]);
    const outside = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.record-card, .record-card__title, .record-card__subtitle, .record-card__facts dt, .record-card__facts dd, .record-card__actions button',
        ),
      ]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
        .map(({ el }) => el.className),
    );
    expect(outside).toEqual([]);
    expect(await scrollsSideways(page)).toBeNull();
    await card.getByRole('button', { name: `Editar ${description}` }).waitFor();
    await shoot(page, 'issue40-profiles-390', { fullPage: false });

    await page.setViewportSize(desktop);
    await page.locator('.ant-table').getByRole('link', { name: description }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('profile-record-card').count()).toBe(0);
  });
});
