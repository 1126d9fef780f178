import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_PAGE_SIZE, type UserListResponse } from '@recarga/contracts/user-list';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export interface UserListParams {
  activeUsers: boolean;
  searchInput?: string;
  page: number;
}

/** GET /api/users_data/dashboard-details/?activeUsers&page&size&searchInput */
function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return apiClient.request<UserListResponse>({
    path: 'users_data/dashboard-details/',
    query: { activeUsers: params.activeUsers, page: params.page, size: USER_PAGE_SIZE, searchInput: params.searchInput?.trim() },
    signal,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(
    queryOptions({
      queryKey: userKeys.list(params),
      queryFn: ({ signal }) => getUsers(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
