import type { Page } from 'playwright-core';
import { callApi, type ApiAnswer } from './api';

/** What a test says of the station it registers; the rest is a public station in São Paulo without a position. */
export interface StationFields {
  chargeBoxId: string;
  description: string;
  street: string;
  tenantPk?: number;
  /** Connectors 1..n, Type 2 at 22 kW (default 1). */
  connectors?: number;
  reservation?: boolean;
}

/** POST /api/chargepoints/ as the signed-in user: the answer, for the test to check. */
export function postStation(page: Page, s: StationFields): Promise<ApiAnswer<{ chargePointDetail: { chargeBoxPk: number } }>> {
  const { street, connectors = 1, ...fields } = s;
  return callApi(page, '/api/chargepoints/', {
    method: 'POST',
    json: {
      ...fields,
      typeOf: 'PUBLIC',
      showLocation: false,
      locationLatitude: null,
      locationLongitude: null,
      address: { street, city: 'São Paulo', state: 'SP' },
      connectors: Array.from({ length: connectors }, (_, i) => ({ connectorId: i + 1, connectorTypePk: 2, powerMax: 22000 })),
    },
  });
}
