import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUPPORT_PAGE_SIZE, type SupportListResponse } from '@recarga/contracts/support';
import { apiClient } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** GET /api/settings/supportMail/?page&size — the signed-in user's own messages, newest first. */
function getSupportMessages(page: number, signal?: AbortSignal): Promise<SupportListResponse> {
  return apiClient.request<SupportListResponse>({ path: 'settings/supportMail/', query: { page, size: SUPPORT_PAGE_SIZE }, signal });
}

export function useSupportMessages(page: number) {
  return useQuery(
    queryOptions({
      queryKey: supportKeys.list(page),
      queryFn: ({ signal }) => getSupportMessages(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
