import type { Locator, Page } from 'playwright-core';
import { callApi, type ApiAnswer } from './api';

/**
 * What a test says of the station it registers; the rest is a public station without a position, in
 * São Paulo unless `city` and `state` say otherwise (a Colombian network's station lies in Colombia:
 * its screens are checked for Portuguese letters).
 */
export interface StationFields {
  chargeBoxId: string;
  description: string;
  street: string;
  city?: string;
  state?: string;
  tenantPk?: number;
  /** Connectors 1..n, Type 2 at 22 kW (default 1). */
  connectors?: number;
  reservation?: boolean;
}

/** POST /api/chargepoints/ as the signed-in user: the answer, for the test to check. */
export function postStation(page: Page, s: StationFields): Promise<ApiAnswer<{ chargePointDetail: { chargeBoxPk: number } }>> {
  const { street, city = 'São Paulo', state = 'SP', connectors = 1, ...fields } = s;
  return callApi(page, '/api/chargepoints/', {
    method: 'POST',
    json: {
      ...fields,
      typeOf: 'PUBLIC',
      showLocation: false,
      locationLatitude: null,
      locationLongitude: null,
      address: { street, city, state },
      connectors: Array.from({ length: connectors }, (_, i) => ({ connectorId: i + 1, connectorTypePk: 2, powerMax: 22000 })),
    },
  });
}

/** A station in the list (optionally one whose text includes `text`): its table row from 768 px up, its card on a phone. */
export function stationEntry(page: Page, text?: string): Locator {
  const filter = text === undefined ? undefined : { hasText: text };
  return page.locator('.stations-table .ant-table-row', filter).or(page.locator('[data-testid="station-record-card"]', filter));
}

/** Opens a station's details in the list: a click on its table row, or its card's Details button on a phone. */
export async function openStationEntry(page: Page, text: string): Promise<void> {
  const entry = stationEntry(page, text);
  await entry.waitFor({ timeout: 15_000 });
  const details = entry.locator('[data-testid="station-card-details"]');
  if (await details.count()) await details.click();
  else await entry.click();
}
