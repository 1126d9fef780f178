import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PUSH_PAGE_SIZE, type PushListResponse } from '@recarga/contracts/push';
import { apiClient } from '../../../lib/api-client';
import { pushKeys } from './push-keys';

/** GET /api/push-notification/?page&size — the network's notifications, newest first. */
function getPushNotifications(page: number, signal?: AbortSignal): Promise<PushListResponse> {
  return apiClient.request<PushListResponse>({ path: 'push-notification/', query: { page, size: PUSH_PAGE_SIZE }, signal });
}

export function usePushNotifications(page: number) {
  return useQuery(
    queryOptions({
      queryKey: pushKeys.list(page),
      queryFn: ({ signal }) => getPushNotifications(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
