import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPickerResponse } from '@recarga/contracts/user-list';
import { apiClient } from '../../../lib/api-client';
import { voucherKeys } from './voucher-keys';

/**
 * GET /api/users_data/picker/?tenantPk: the active users of the caller's networks who belong with
 * the voucher's network (its tree up and down), for the user picker; without it, all of them.
 */
async function getUserOptions(tenantPk: number | undefined, signal?: AbortSignal): Promise<UserPickerResponse> {
  return apiClient.request<UserPickerResponse>({ path: 'users_data/picker/', query: { tenantPk }, signal });
}

export function useUserOptions(enabled: boolean, tenantPk?: number) {
  return useQuery({
    ...queryOptions({
      queryKey: voucherKeys.userOptions(tenantPk),
      queryFn: ({ signal }) => getUserOptions(tenantPk, signal),
      staleTime: 60_000,
    }),
    enabled,
  });
}
