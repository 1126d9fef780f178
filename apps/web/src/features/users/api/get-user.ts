import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserForm, UserFormResponse } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users_data/{id}/ → the user form. */
async function getUser(pk: number, signal?: AbortSignal): Promise<UserForm> {
  const answer = await apiClient.request<UserFormResponse>({ path: `users_data/${pk}/`, signal });
  return answer.userForm;
}

export function useUser(pk: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: userKeys.detail(pk ?? 0), queryFn: ({ signal }) => getUser(pk!, signal), staleTime: 0, retry: false }),
    enabled: pk !== null,
  });
}
