import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BellResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { bellKeys } from './bell-keys';

/** GET /api/notification/bell/ → the newest Failure, Warning and Disconnected events, read state and the unread count. */
function getBell(signal?: AbortSignal): Promise<BellResponse> {
  return apiClient.request<BellResponse>({ path: 'notification/bell/', signal });
}

const bellQuery = () =>
  queryOptions({
    queryKey: bellKeys.bell,
    queryFn: ({ signal }) => getBell(signal),
    refetchInterval: 60_000,
  });

export function useBell() {
  return useQuery(bellQuery());
}
