import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPickerResponse } from '@recarga/contracts/user-list';
import { apiClient } from '../../../lib/api-client';
import { voucherKeys } from './voucher-keys';

/** GET /api/users_data/picker/: every active user of the caller's networks, for the user picker. */
async function getUserOptions(signal?: AbortSignal): Promise<UserPickerResponse> {
  return apiClient.request<UserPickerResponse>({ path: 'users_data/picker/', signal });
}

export function useUserOptions(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: voucherKeys.userOptions(), queryFn: ({ signal }) => getUserOptions(signal), staleTime: 60_000 }),
    enabled,
  });
}
