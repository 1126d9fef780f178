import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** GET /gateway/virtual-groups/{id} */
function getVirtualGroup(id: number, signal?: AbortSignal): Promise<VirtualGroupDetail> {
  return apiClient.request<VirtualGroupDetail>({ service: 'gateway', path: `virtual-groups/${id}`, signal });
}

/**
 * `fresh`: asked again on every mount even when the cached copy is recent, for a form that takes
 * its values once and waits for `isFetchedAfterMount` (without it, a copy under the client's
 * 30 s stale time is never asked again and such a form would wait for ever).
 */
export function useVirtualGroup(id: number | null, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.detail(id ?? 0),
      queryFn: ({ signal }) => getVirtualGroup(id!, signal),
      enabled: id !== null,
      retry: false,
      refetchOnMount: fresh ? 'always' : true,
    }),
  );
}
