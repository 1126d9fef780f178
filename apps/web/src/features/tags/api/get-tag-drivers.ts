import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TagDriver, TagDriverListResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

/** GET /api/ocpptags/drivers/?tenantPk&searchInput: active users of the card's network by name, e-mail or document. */
function getTagDrivers(tenantPk: number, searchInput: string, signal?: AbortSignal): Promise<TagDriver[]> {
  return apiClient
    .request<TagDriverListResponse>({ path: 'ocpptags/drivers/', query: { tenantPk, searchInput: searchInput.trim() }, signal })
    .then((answer) => answer.driverList);
}

/** The tag form's driver search; idle until a network is chosen. */
export function useTagDrivers(tenantPk: number | undefined, searchInput: string) {
  return useQuery({
    ...queryOptions({
      queryKey: tagKeys.drivers(tenantPk ?? 0, searchInput.trim()),
      queryFn: ({ signal }) => getTagDrivers(tenantPk!, searchInput, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
    enabled: tenantPk !== undefined,
  });
}
