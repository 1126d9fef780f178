import type { UserLimitResponse } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';

/** GET /api/users_data/check/: the probe before creating; rejects with a 403 ApiError at the user limit. */
export function checkUserLimit(tenantPk?: number, signal?: AbortSignal): Promise<UserLimitResponse> {
  return apiClient.request<UserLimitResponse>({ path: 'users_data/check/', query: { tenantPk }, signal });
}
