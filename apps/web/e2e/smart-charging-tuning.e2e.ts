import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { scrollsSideways } from './support/layout';
import { shoot } from './support/screenshots';
import { waitForStill } from './support/still';

/*
 * The load manager's tuning per group (issue 41) on the group's Smart Charging tab, as the
 * administrator: the advanced section closed with the defaults, a value out of range refused on its
 * field, valid values saved and kept through a reload; and the failsafe's rule in words beside the
 * plan. The group and its record are arranged through the API, without a meter.
 */

const run = Date.now() % 1_000_000;

/** YYYY-MM-DD of today plus `days`, in São Paulo (the browser's zone in these tests). */
function sentDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A group with a smart-charging record on a 63 A breaker from today for ten days, linked on, its tuning left to the defaults. */
async function aGroupWithRecord(page: Page, name: string): Promise<{ groupId: number; recordId: number }> {
  const group = await callApi<{ virtual_group_id: number }>(page, '/gateway/virtual-groups', {
    method: 'POST',
    json: { name, description: 'Grupo do teste dos ajustes do controle' },
  });
  expect(group.status, group.text).toBe(200);
  const groupId = group.body.virtual_group_id;
  const record = await callApi<{ smart_charging_id: number }>(page, '/smart/smart-charging', {
    method: 'POST',
    json: { enabled: true, start_date: sentDate(0), end_date: sentDate(10), current_nominal_a: 63, charge_boxs: [] },
  });
  expect(record.status, record.text).toBe(200);
  const recordId = record.body.smart_charging_id;
  const linked = await callApi(page, '/gateway/virtual-groups/smart-charging', {
    method: 'POST',
    json: { virtual_group_id: groupId, enabled: true, smart_charging_id: recordId },
  });
  expect(linked.status, linked.text).toBe(200);
  return { groupId, recordId };
}

const field = (page: Page, label: string) => page.getByTestId('sc-edit-form').getByLabel(label, { exact: true });

describe('smart charging tuning (issue 41)', () => {
  const browser = useBrowser();

  it(
    'the advanced section opens from the keyboard, refuses a dwell out of range on its field, and keeps dwell 90 s, dead band 1.5 A and worst case 40 A through a save and a reload',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await signIn(page, logins.admin, undefined, { at: null });
      const { groupId, recordId } = await aGroupWithRecord(page, `E2E Ajustes ${run}`);

      await page.goto(appUrl(`/virtual-groups/view/${groupId}?tab=smartCharging`));
      await page.getByTestId('sc-edit-form').waitFor();
      await page.getByRole('heading', { name: 'Ajustes do controle' }).waitFor();

      // Closed at first: the simple form stays simple; its fields are there with the defaults, hidden.
      const tuning = page.getByTestId('sc-tuning');
      const dwell = field(page, 'Permanência mínima (s)');
      const deadBand = field(page, 'Banda morta (A)');
      const worstCase = field(page, 'Pior caso do prédio (A)');
      expect(await tuning.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await dwell.isVisible()).toBe(false);

      // Opened from the keyboard by its summary.
      await tuning.getByText('Ajustes avançados', { exact: true }).focus();
      await page.keyboard.press('Enter');
      await dwell.waitFor();
      expect(await tuning.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(await dwell.inputValue()).toBe('60');
      expect(await deadBand.inputValue()).toBe('1');
      expect(await field(page, 'Perfis por estação a cada minuto').inputValue()).toBe('4');
      expect(await field(page, 'Tempo de resposta dos carros (s)').inputValue()).toBe('30');
      expect(await worstCase.inputValue()).toBe('');
      expect(await field(page, 'Mínimo garantido por carregador (A)').inputValue()).toBe('6');
      // Each field explains itself beside its input.
      expect(await tuning.innerText()).toContain('Padrão: 60 s.');

      // Out of range: the field says so, is marked invalid, and the form is not sent.
      const dwellMessage = page.getByText('Informe um número inteiro de 15 a 900 s', { exact: true });
      await dwell.fill('5');
      await dwellMessage.waitFor();
      expect(await dwell.getAttribute('aria-invalid')).toBe('true');
      await page.getByTestId('sc-submit').click();
      await dwellMessage.waitFor();
      expect(await page.getByRole('dialog', { name: 'Smart Charging atualizado com sucesso!' }).count()).toBe(0);

      // Valid values: saved.
      await dwell.fill('90');
      await dwellMessage.waitFor({ state: 'detached' });
      await deadBand.fill('1,5');
      expect(await deadBand.inputValue()).toBe('1.5');
      await worstCase.fill('40');
      await page.getByTestId('sc-submit').click();
      const updated = page.getByRole('dialog', { name: 'Smart Charging atualizado com sucesso!' });
      await updated.waitFor();
      await updated.getByRole('button', { name: 'Fechar' }).click();
      const record = await callApi<Record<string, unknown>>(page, `/smart/smart-charging/${recordId}`);
      expect(record.status, record.text).toBe(200);
      expect(record.body).toMatchObject({
        dwell_s: 90,
        dead_band_a: 1.5,
        building_worst_a: 40,
        max_profiles_per_min: 4,
        follow_s: 30,
        min_per_charger_a: 6,
        current_nominal_a: 63,
      });

      // Kept through a reload.
      await page.reload();
      await page.getByTestId('sc-edit-form').waitFor();
      await tuning.locator('summary').click();
      await dwell.waitFor();
      expect(await dwell.inputValue()).toBe('90');
      expect(await deadBand.inputValue()).toBe('1.5');
      expect(await worstCase.inputValue()).toBe('40');

      // The failsafe's rule, in words, on the plan's card.
      expect(await page.getByTestId('sc-plan').getByTestId('sc-failsafe-rule').innerText()).toContain(
        'Sem leituras recentes do medidor, o controle assume que o prédio consome o maior valor entre: o pico das últimas 24 h, a última leitura e o pior caso configurado; sem nenhum deles, o disjuntor inteiro menos o mínimo garantido por carregador. Os carregadores nunca recebem o disjuntor inteiro.',
      );

      // The open section fits a phone and a wide screen.
      for (const width of [360, 390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await waitForStill(page);
        expect(await scrollsSideways(page), `${width} px`).toBeNull();
        await shoot(page, `smart-charging-tuning-${width}`, { fullPage: true });
      }

      await callApi(page, `/gateway/virtual-groups/${groupId}`, { method: 'DELETE' });
    },
  );
});
