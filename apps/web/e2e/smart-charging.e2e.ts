import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { scrollsSideways } from './support/layout';
import { logins, signIn } from './support/auth';
import { shoot } from './support/screenshots';
import { clickInDialog, waitForStill } from './support/still';

/*
 * Smart charging in the virtual groups (002 §2 Smart Charging and Events tabs, meter badge, list
 * columns; §4 meter dialog; §5 form rules; §6 DASH_SMART_CHARGING_CREATE; §8 messages), as the
 * administrator, who holds DASH_SMART_CHARGING_CREATE; and as the Terpel operator, who has the
 * virtual groups without it. Meters are registered through POST /smart/meters and read through
 * their HTTP push with the token it gives.
 */

const run = Date.now() % 1_000_000;

interface Meter {
  deviceRemoteId: string;
  mac: string;
  token: string;
}

/** A meter of the signed-in user's network, registered through the API: its ids and push token. */
async function aMeter(page: Page, suffix: string, tenantId?: number): Promise<Meter> {
  const n = (run * 10 + suffix.charCodeAt(0)) % 0xffffff;
  const hex = n.toString(16).toUpperCase().padStart(6, '0');
  const mac = `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
  const deviceRemoteId = `E2E-MTR-${run}-${suffix}`;
  const created = await callApi<{ token: string }>(page, '/smart/meters', {
    method: 'POST',
    json: { mac_address: mac, device_remote_id: deviceRemoteId, ...(tenantId ? { tenant_id: tenantId } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  return { deviceRemoteId, mac, token: created.body.token };
}

/** The device's own HTTP push of one reading (amperes per phase), timestamped now. */
async function pushReading(meter: Meter, phases: [number, number, number]) {
  const response = await fetch(appUrl(`/smart/meters/${meter.deviceRemoteId}/measurements`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-meter-token': meter.token },
    body: JSON.stringify({
      mac_address: meter.mac,
      timestamp: new Date().toISOString(),
      phases: { '01': phases[0], '02': phases[1], '03': phases[2] },
    }),
  });
  expect(response.status, await response.text()).toBe(202);
}

async function aGroup(page: Page, name: string): Promise<number> {
  const created = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
    method: 'POST',
    json: { name, description: 'Grupo do teste de smart charging' },
  });
  expect(created.status, created.text).toBe(200);
  return created.body.virtual_group_id;
}

/** DD/MM/YYYY of today plus `days`, in São Paulo (the browser's zone in these tests). */
/**
 * Through the API: a smart-charging record on a 63 A breaker from today for ten days, linked to the
 * group, then given the meter (in the chargers' circuit), as the tab's form does in three calls.
 */
async function smartRecordWithMeter(page: Page, groupId: number, meter: Meter): Promise<void> {
  const dates = { start_date: shownDate(0).sent, end_date: shownDate(10).sent };
  const record = await callApi<{ smart_charging_id: number }>(page, '/smart/smart-charging', {
    method: 'POST',
    json: { enabled: true, ...dates, current_nominal_a: 63, charge_boxs: [] },
  });
  expect(record.status, record.text).toBe(200);
  const id = record.body.smart_charging_id;
  const linked = await callApi(page, '/gateway/virtual-groups/smart-charging', {
    method: 'POST',
    json: { virtual_group_id: groupId, enabled: true, smart_charging_id: id },
  });
  expect(linked.status, linked.text).toBe(200);
  const withMeter = await callApi(page, `/smart/smart-charging/${id}`, {
    method: 'PUT',
    json: {
      enabled: true,
      ...dates,
      current_nominal_a: 63,
      meter_device_remote_id: meter.deviceRemoteId,
      meter_device_remote_in_circuit: true,
    },
  });
  expect(withMeter.status, withMeter.text).toBe(200);
}

function shownDate(days: number): { shown: string; sent: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  const [y, m, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d).split('-');
  return { shown: `${day}/${m}/${y}`, sent: `${y}-${m}-${day}` };
}

/** Types a date into the picker labelled `label` and commits it. */
async function typeDate(page: Page, label: string, shown: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(shown);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(shown);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Conectar medidor' });

describe('smart charging (virtual groups)', () => {
  const browser = useBrowser();

  it(
    'creates the record with its rules and a meter through the dialog, edits it, and shows the badge, chart, list and events',
    { timeout: 180_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      const meter = await aMeter(page, 'A');
      const groupName = `E2E Smart ${run}`;
      const groupId = await aGroup(page, groupName);

      // The tab holds the create form: the group has no record.
      await page.goto(appUrl(`/virtual-groups/view/${groupId}`));
      await page.getByRole('tab', { name: 'Smart Charging' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'smartCharging');
      await page.getByTestId('sc-create-form').waitFor();
      expect(await page.getByTestId('sc-meter-badge').count()).toBe(0);

      // The rules of 002 §5, exact.
      await page.getByTestId('sc-submit').click();
      await page.getByText('A data de início é um campo obrigatório').waitFor();
      await page.getByText('A data de término é um campo obrigatório').waitFor();
      await page.getByText('A corrente nominal do disjuntor (a) é um campo obrigatório').waitFor();
      const start = shownDate(0);
      const end = shownDate(30);
      await typeDate(page, 'Data de início', end.shown);
      await typeDate(page, 'Data de término', start.shown);
      await page.getByText('A data de início deve ser anterior a data final').waitFor();
      await typeDate(page, 'Data de início', start.shown);
      await typeDate(page, 'Data de término', end.shown);
      await expect.poll(() => page.getByText('A data de início deve ser anterior a data final').count()).toBe(0);

      // The breaker mask: digits and a point, a point after three digits, six characters.
      const breaker = page.getByLabel('Corrente nominal do disjuntor (A)');
      await breaker.pressSequentially('12a34567');
      expect(await breaker.inputValue()).toBe('123.45');
      await breaker.fill('');
      await breaker.pressSequentially('100');
      expect(await breaker.inputValue()).toBe('100');

      // The meter dialog: not found; then the registered one, offline before any reading.
      await page.getByTestId('sc-meter-open').click();
      await dialog(page).waitFor();
      const query = dialog(page).getByLabel('ID do dispositivo ou endereço MAC');
      await query.fill(`NAO-EXISTE-${run}`);
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByText('Não foi possível encontrar o medidor').waitFor();
      expect(await page.getByTestId('sc-meter-done').isDisabled()).toBe(true);

      await query.fill(meter.deviceRemoteId);
      // 'Conectando' while the meter is asked: its answer held back a moment.
      const measurements = (url: URL) => url.pathname.endsWith('/smart/meters/measurements');
      await page.route(measurements, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByRole('button', { name: 'Conectando' }).waitFor();
      await dialog(page).getByText('O medidor está offline').waitFor();
      await page.unroute(measurements);

      // A reading through the device's HTTP push: online, phases A, B and C to two decimals.
      await pushReading(meter, [41.2, 38.95, 40]);
      await query.fill(meter.mac.toLowerCase());
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByTestId('sc-meter-online').waitFor();
      expect(await dialog(page).getByTestId('sc-phase-A').innerText()).toBe('41,20 A');
      expect(await dialog(page).getByTestId('sc-phase-B').innerText()).toBe('38,95 A');
      expect(await dialog(page).getByTestId('sc-phase-C').innerText()).toBe('40,00 A');
      expect(await dialog(page).innerText()).toContain('Última leitura em');
      await shoot(page, 'smart-charging-meter-dialog', { fullPage: false });
      await page.getByTestId('sc-meter-done').click();
      await dialog(page).waitFor({ state: 'hidden' });
      expect(await page.getByTestId('sc-meter-id').innerText()).toBe(meter.deviceRemoteId);
      expect(await page.getByTestId('sc-meter').innerText()).toContain(meter.mac);

      // Create: the record, linked to the group as enabled, with its meter.
      await shoot(page, 'smart-charging-create');
      await page.getByTestId('sc-submit').click();
      const created = page.getByRole('dialog', { name: 'Smart Charging criado com sucesso!' });
      await created.waitFor();
      await created.getByRole('button', { name: 'Fechar' }).click();
      await page.getByTestId('sc-edit-form').waitFor();
      const saved = await callApi<{
        smart_charging_id: number;
        enabled: boolean;
        start_date: string;
        end_date: string;
        current_nominal_a: number;
        modulation: string;
        meter_device_remote_id: string;
        meter_device_remote_in_circuit: boolean;
      }>(page, `/gateway/virtual-groups/smart-charging/${groupId}`);
      expect(saved.body).toMatchObject({
        enabled: true,
        start_date: start.sent,
        end_date: end.sent,
        current_nominal_a: 100,
        modulation: 'DYNAMIC',
        meter_device_remote_id: meter.deviceRemoteId,
        meter_device_remote_in_circuit: true,
      });

      // The badge at the top right, and the meter's phases drawn.
      const badge = page.getByTestId('sc-meter-badge');
      await expect.poll(() => badge.getAttribute('data-state'), { timeout: 10_000 }).toBe('online');
      expect(await badge.innerText()).toContain('Medidor online');
      await page.getByTestId('sc-meter-chart').waitFor();

      // Edit: removing the meter clears it, Cancel brings it back; a new breaker is saved.
      expect(await page.getByLabel('Data de início', { exact: true }).inputValue()).toBe(start.shown);
      await page.getByTestId('sc-meter-remove').click();
      await page.getByText('Nenhum medidor conectado.').waitFor();
      expect(await page.getByTestId('sc-meter-id').count()).toBe(0);
      await page.getByTestId('sc-edit-form').getByRole('button', { name: 'Cancelar' }).click();
      await page.getByTestId('sc-meter-id').waitFor();
      await breaker.fill('');
      await breaker.pressSequentially('150');
      await page.getByTestId('sc-submit').click();
      const updated = page.getByRole('dialog', { name: 'Smart Charging atualizado com sucesso!' });
      await updated.waitFor();
      await updated.getByRole('button', { name: 'Fechar' }).click();
      const record = await callApi<{ current_nominal_a: number; meter_device_remote_id: string }>(
        page,
        `/smart/smart-charging/${saved.body.smart_charging_id}`,
      );
      expect(record.body).toMatchObject({ current_nominal_a: 150, meter_device_remote_id: meter.deviceRemoteId });
      await waitForStill(page);
      await shoot(page, 'smart-charging-edit');

      // Another group: the same meter is refused in the dialog.
      const otherId = await aGroup(page, `E2E Smart outro ${run}`);
      await page.goto(appUrl(`/virtual-groups/view/${otherId}?tab=smartCharging`));
      await page.getByTestId('sc-meter-open').click();
      await dialog(page).getByLabel('ID do dispositivo ou endereço MAC').fill(meter.deviceRemoteId);
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByText('Medidor já associado a outro grupo').waitFor();
      expect(await dialog(page).innerText()).toContain(groupName);
      expect(await page.getByTestId('sc-meter-done').isDisabled()).toBe(true);
      await dialog(page).getByRole('button', { name: 'Cancelar' }).click();

      // A reading above the breaker less its margin: the load manager's events, in words.
      await pushReading(meter, [148, 120.5, 99]);
      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=events`));
      const events = page.getByTestId('vg-events');
      await expect
        .poll(
          async () => {
            await page.reload();
            await events
              .locator('tr.ant-table-row')
              .first()
              .waitFor({ timeout: 10_000 })
              .catch(() => undefined);
            return events.innerText();
          },
          { timeout: 40_000, interval: 2_000 },
        )
        .toContain('Margem do disjuntor ultrapassada');
      const text = await events.innerText();
      expect(text).toContain('Medidor online');
      expect(text).toContain('A fase mais carregada chegou a 148,0 A, acima do disjuntor de 150,0 A menos a margem de 5,0 A.');
      await shoot(page, 'smart-charging-events');

      // The overview's card and smart charging facts.
      await page.getByRole('tab', { name: 'Visão geral' }).click();
      await page.getByTestId('vg-latest-events').getByText('Margem do disjuntor ultrapassada').first().waitFor();
      await expect.poll(() => page.getByTestId('vg-smart-summary').innerText()).toContain('Disjuntor de 150,0 A');
      expect(await page.getByTestId('vg-smart-summary').innerText()).toContain(`medidor ${meter.deviceRemoteId}`);
      await shoot(page, 'smart-charging-overview');

      // The list: smart charging on, the meter and its status.
      await page.goto(appUrl(`/virtual-groups?search=${encodeURIComponent(groupName)}`));
      const row = page.locator('[data-testid="vg-table"] tr.ant-table-row', { hasText: groupName }).first();
      await row.waitFor();
      await row.getByTestId('vg-meter-status').waitFor();
      expect(await row.innerText()).toContain(meter.deviceRemoteId);
      expect(await row.innerText()).toContain('Medidor online');
      await shoot(page, 'smart-charging-list');

      await callApi(page, `/gateway/virtual-groups/${otherId}`, { method: 'DELETE' });
      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );

  it(
    'the group create form with smart charging on: the rules, a meter, the picker round trip, and the record saved with the group',
    { timeout: 150_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      const meter = await aMeter(page, 'C');
      await pushReading(meter, [10, 11, 12]);
      // A free Move charger (the form's default network) with advanced settings, not one the virtual
      // groups' own browser test picks.
      const free = await callApi<{ content: { charge_box_id: number; charge_box_code: string; has_config_tec: boolean }[] }>(
        page,
        '/gateway/charge-boxs?page=0&size=100&only_free=true',
      );
      const charger = free.body.content
        .filter(
          (c) =>
            c.has_config_tec &&
            c.charge_box_code.startsWith('MOVE-') &&
            !['MOVE-SP-001', 'MOVE-SP-002', 'MOVE-CWB-001'].includes(c.charge_box_code),
        )
        .at(-1);
      expect(charger, free.text).toBeTruthy();
      const code = charger!.charge_box_code;
      const groupName = `E2E SC criar ${run}`;

      await page.goto(appUrl('/virtual-groups/create'));
      await page.getByLabel('Nome da configuração').fill(groupName);
      await page.getByLabel('Descrição').fill('Criado com smart charging');
      // The section is there with the permission; its fields only once it is on.
      const section = page.getByTestId('vg-smart');
      await section.waitFor();
      expect(await section.getByTestId('sc-breaker').isVisible()).toBe(false);
      await page.getByLabel('Smart charging habilitado').click();
      await section.getByTestId('sc-breaker').waitFor();
      expect(await section.getByText('Medidor no circuito dos carregadores').count()).toBe(0);

      // 002 §5 on the create form.
      await page.getByTestId('vg-submit').click();
      await section.getByText('A data de início é um campo obrigatório').waitFor();
      await section.getByText('A data de término é um campo obrigatório').waitFor();
      await section.getByText('A corrente nominal do disjuntor (a) é um campo obrigatório').waitFor();
      const start = shownDate(1);
      const end = shownDate(45);
      await typeDate(page, 'Data de início', start.shown);
      await typeDate(page, 'Data de término', end.shown);
      const breaker = page.getByLabel('Corrente nominal do disjuntor (A)');
      await breaker.pressSequentially('8a0');
      expect(await breaker.inputValue()).toBe('80');

      await page.getByTestId('sc-meter-open').click();
      await dialog(page).getByLabel('ID do dispositivo ou endereço MAC').fill(meter.deviceRemoteId);
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByTestId('sc-meter-online').waitFor();
      await page.getByTestId('sc-meter-done').click();
      await dialog(page).waitFor({ state: 'hidden' });
      expect(await page.getByTestId('sc-meter-id').innerText()).toBe(meter.deviceRemoteId);

      // To the picker and back: the smart charging draft comes back with the chosen charger.
      await page.getByTestId('vg-choose-chargers').click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups/chargeboxes/select');
      await page.getByTestId('vg-charger-search').fill(code);
      await page.locator('[data-testid="vg-charger-table"] tr.ant-table-row', { hasText: code }).waitFor();
      await page.locator('[data-testid="vg-charger-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
      await page.getByLabel(`Selecionar ${code}`).check();
      await page.getByTestId('vg-picker-done').click();
      await page.waitForURL((url) => url.pathname === '/virtual-groups/create');
      await page.getByTestId('vg-chosen').getByText(code).waitFor();
      expect(await page.getByLabel('Smart charging habilitado').isChecked()).toBe(true);
      expect(await page.getByLabel('Data de início', { exact: true }).inputValue()).toBe(start.shown);
      expect(await page.getByLabel('Data de término', { exact: true }).inputValue()).toBe(end.shown);
      expect(await breaker.inputValue()).toBe('80');
      expect(await page.getByTestId('sc-meter-id').innerText()).toBe(meter.deviceRemoteId);
      await page.getByTestId('sc-meter-online').waitFor();
      await shoot(page, 'smart-charging-group-create');

      await page.getByTestId('vg-submit').click();
      const created = page.getByRole('dialog', { name: 'Configuração cadastrada com sucesso!' });
      await created.waitFor();
      await clickInDialog(created.getByTestId('vg-created-open'));
      await page.waitForURL((url) => /^\/virtual-groups\/view\/\d+$/.test(url.pathname));
      const groupId = Number(new URL(page.url()).pathname.split('/').at(-1));

      // The saved record, through the API: DYNAMIC, the meter in the circuit, dates as sent (002 §9).
      const saved = await callApi<Record<string, unknown>>(page, `/gateway/virtual-groups/smart-charging/${groupId}`);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({
        enabled: true,
        start_date: start.sent,
        end_date: end.sent,
        current_nominal_a: 80,
        modulation: 'DYNAMIC',
        meter_device_remote_id: meter.deviceRemoteId,
        meter_device_remote_in_circuit: true,
      });
      const chargers = await callApi<{ content: { charge_box_code: string }[] }>(
        page,
        `/gateway/virtual-groups/charge-boxs/list?virtual_group_id=${groupId}&page=0&size=10`,
      );
      expect(chargers.body.content.map((c) => c.charge_box_code)).toEqual([code]);

      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );

  it(
    'a new plan of the load manager reaches the open tab over the live connection, long before the plan’s 60 s poll',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      // In Move, the network of `localhost`: the tab follows the plan on that network's api key, on
      // which the load manager publishes the plans of Move's groups (and of its sub-networks').
      const tenants = await callApi<{ tenantList: { tenant_pk: number; alias: string }[] }>(page, '/api/tenants/');
      const move = tenants.body.tenantList.find((x) => x.alias === 'move')!.tenant_pk;
      const meter = await aMeter(page, 'L', move);
      await pushReading(meter, [10, 10, 10]);
      const created = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
        method: 'POST',
        json: { name: `E2E Smart ao vivo ${run}`, description: 'Plano ao vivo', tenant_id: move },
      });
      expect(created.status, created.text).toBe(200);
      const groupId = created.body.virtual_group_id;
      await smartRecordWithMeter(page, groupId, meter);

      // The building takes 10 A a phase and the group has no recharge: 63 − 10 − 5 (margin) = 48 A left.
      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=smartCharging`));
      const plan = page.getByTestId('sc-plan');
      await plan.getByText('Corrente disponível por fase: A 48,0 A · B 48,0 A · C 48,0 A').waitFor({ timeout: 30_000 });

      // The building rises to 30 A: 63 − 30 − 5 = 28 A, on screen without a reload and well inside the poll's 60 s.
      const sentAt = Date.now();
      await pushReading(meter, [30, 30, 30]);
      await plan.getByText('Corrente disponível por fase: A 28,0 A · B 28,0 A · C 28,0 A').waitFor({ timeout: 20_000 });
      expect(Date.now() - sentAt).toBeLessThan(20_000);

      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );

  it(
    'without DASH_SMART_CHARGING_CREATE: no tab, events, badge, columns or smart facts, and the server refuses',
    { timeout: 90_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.terpelOperator, 'terpel');
      const groupId = await aGroup(page, `E2E Terpel ${run}`);

      await page.goto(appUrl(`/virtual-groups/view/${groupId}`, 'terpel'));
      await page.getByTestId('vg-tabs').waitFor();
      await page.getByTestId('vg-latest-transactions').waitFor();
      const tabs = await page.getByRole('tab').allInnerTexts();
      expect(tabs.length).toBe(4);
      expect(await page.getByTestId('vg-latest-events').count()).toBe(0);
      expect(await page.getByTestId('vg-smart-summary').count()).toBe(0);
      expect(await page.getByTestId('sc-meter-badge').count()).toBe(0);
      // A link to the tab opens the overview instead.
      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=smartCharging`, 'terpel'));
      await page.getByTestId('vg-latest-transactions').waitFor();
      expect(await page.getByTestId('sc-create-form').count()).toBe(0);

      await page.goto(appUrl('/virtual-groups/create', 'terpel'));
      await page.getByTestId('vg-pricing').waitFor();
      expect(await page.getByTestId('vg-smart').count()).toBe(0);

      await page.goto(appUrl('/virtual-groups', 'terpel'));
      await page.getByTestId('vg-table').waitFor();
      expect((await page.locator('[data-testid="vg-table"] thead th').allInnerTexts()).length).toBe(4);

      for (const path of [`/gateway/virtual-groups/smart-charging/${groupId}`, '/smart/meters/measurements?device_remote_id=X-1']) {
        const answer = await callApi(page, path);
        expect(answer.status, `${path}: ${answer.text}`).toBe(403);
      }
      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );
});

describe('smart charging on a phone', () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it(
    'the smart charging tab, its meter dialog and the events: nothing scrolls the page sideways at 390 and 360 px',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin);
      const meter = await aMeter(page, 'P');
      await pushReading(meter, [12.5, 13.25, 11]);
      const groupId = await aGroup(page, `E2E Smart fone ${run}`);
      await smartRecordWithMeter(page, groupId, meter);

      const problems: string[] = [];
      const check = async (name: string) => {
        await waitForStill(page);
        await shoot(page, `smart-charging-${name}-390`);
        for (const width of [390, 360]) {
          await page.setViewportSize({ width, height: 844 });
          await waitForStill(page);
          const problem = await scrollsSideways(page);
          if (problem) problems.push(`${name} at ${width}px: ${problem}`);
        }
        await page.setViewportSize({ width: 390, height: 844 });
      };
      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=smartCharging`));
      await page.getByTestId('sc-edit-form').waitFor();
      await page.getByTestId('sc-meter-online').waitFor();
      await page.getByTestId('sc-meter-chart').waitFor();
      await check('tab');
      await page.getByTestId('sc-meter-change').click();
      await dialog(page).getByLabel('ID do dispositivo ou endereço MAC').fill(meter.deviceRemoteId);
      await dialog(page).getByRole('button', { name: 'Conectar' }).click();
      await dialog(page).getByText('Medidor já associado a outro grupo').or(dialog(page).getByTestId('sc-meter-online')).first().waitFor();
      await check('dialog');
      await page.keyboard.press('Escape');
      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=events`));
      await page.getByTestId('vg-events').waitFor();
      await check('events');
      await page.goto(appUrl(`/virtual-groups/view/${groupId}`));
      await page.getByTestId('vg-latest-transactions').waitFor();
      await check('overview');
      expect(problems).toEqual([]);

      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );
});
