import { apiClient } from '../../../lib/api-client';

/** GET /api/chargepoints/check/: resolves when a station may be created; 403 (ApiError) at the limit. */
export function checkStationLimit(tenantPk?: number): Promise<unknown> {
  return apiClient.request({ path: 'chargepoints/check/', query: { tenantPk } });
}
