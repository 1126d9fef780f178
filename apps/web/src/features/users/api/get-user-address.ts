import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressForm } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users_data/{id}/address/ → addressForm (the hidden address fields of the user form). */
async function getUserAddress(pk: number, signal?: AbortSignal): Promise<AddressForm> {
  const answer = await apiClient.request<{ addressForm: AddressForm }>({ path: `users_data/${pk}/address/`, signal });
  return answer.addressForm;
}

export function useUserAddress(pk: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: userKeys.address(pk ?? 0),
      queryFn: ({ signal }) => getUserAddress(pk!, signal),
      staleTime: 0,
      retry: false,
    }),
    enabled: pk !== null,
  });
}
