import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { connectStation, status } from './support/ocpp-station';
import { openStationEntry, postStation } from './support/stations';

/**
 * Small defects of issue 40, each checked where a person sees it: the alerts table at 1440 px, a
 * station's events in words, a firmware report reaching the open station card live, the financial
 * total's split at 1440 and 390 px, and the charging profiles as cards on a phone.
 */

const desktop = { width: 1440, height: 900 };
const stamp = String(Date.now() % 1_000_000);

/** The tenant key (tenant_pk) of the network with this alias. */
async function tenantPkOf(page: Page, alias: string): Promise<number> {
  const answer = await callApi<{ tenantList: { tenant_pk: number; alias: string }[] }>(page, '/api/tenants/');
  return answer.body.tenantList.find((t) => t.alias === alias)!.tenant_pk;
}

/** Registers a station of this network (signed in as the administrator). */
async function aStation(page: Page, alias: string, chargeBoxId: string, description: string) {
  const created = await postStation(page, {
    chargeBoxId,
    description,
    street: 'Rua dos Detalhes',
    tenantPk: await tenantPkOf(page, alias),
  });
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
  { name: 'pt-BR', host: undefined, network: 'move', groundFailure: 'Falha de aterramento' },
  { name: 'es-CO', host: 'terpel', network: 'terpel', groundFailure: 'Falla de conexión a tierra' },
] as const;

describe('issue 40 details at 1440 px', () => {
  const browser = useBrowser({ viewport: desktop });

  for (const lang of languages) {
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
});
