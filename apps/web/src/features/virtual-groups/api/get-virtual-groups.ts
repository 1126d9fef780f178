import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualGroupRow } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { GROUP_PAGE_SIZE } from '../model/limits';
import { virtualGroupKeys } from './virtual-group-keys';

export interface VirtualGroupListParams {
  /** Zero-based. */
  page: number;
  search?: string;
  tenantId?: number;
}

export interface VirtualGroupPage {
  content: VirtualGroupRow[];
  totalElements: number;
}

/** GET /gateway/virtual-groups/list?page&size&tenant_id&search */
function getVirtualGroups(params: VirtualGroupListParams, signal?: AbortSignal): Promise<VirtualGroupPage> {
  return apiClient.request<VirtualGroupPage>({
    service: 'gateway',
    path: 'virtual-groups/list',
    query: { page: params.page, size: GROUP_PAGE_SIZE, tenant_id: params.tenantId, search: params.search?.trim() },
    signal,
  });
}

export function useVirtualGroups(params: VirtualGroupListParams) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.list(params),
      queryFn: ({ signal }) => getVirtualGroups(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
