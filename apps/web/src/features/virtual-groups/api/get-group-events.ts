import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { groupEventSchema } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** The contract's type, read from its schema without importing zod. */
export type GroupEvent = (typeof groupEventSchema)['_output'];

export interface GroupEventPage {
  content: GroupEvent[];
  totalElements: number;
}

/** GET /gateway/virtual-groups/{id}/events?page&size: the group's chargers' events, newest first. */
function getGroupEvents(id: number, page: number, size: number, signal?: AbortSignal): Promise<GroupEventPage> {
  return apiClient.request<GroupEventPage>({ service: 'gateway', path: `virtual-groups/${id}/events`, query: { page, size }, signal });
}

/** `page` zero-based; the overview asks 4, the events tab 10 a page (002 §9). */
export function useGroupEvents(id: number, page: number, size: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.events(id, { page, size }),
      queryFn: ({ signal }) => getGroupEvents(id, page, size, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
