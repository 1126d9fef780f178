import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlugSharePointListResponse } from '@recarga/contracts/stats';
import { apiClient } from '../../../lib/api-client';
import { plugShareKeys } from './plug-share-keys';

/** GET /api/chargepoints/plug-share/?tenantPk=: the third-party points one tenant holds now. */
function getPlugSharePoints(tenantPk: number, signal?: AbortSignal): Promise<PlugSharePointListResponse> {
  return apiClient.request<PlugSharePointListResponse>({ path: 'chargepoints/plug-share/', query: { tenantPk }, signal });
}

export function usePlugSharePoints(tenantPk: number | null) {
  return useQuery(
    queryOptions({
      queryKey: plugShareKeys.points(tenantPk),
      queryFn: ({ signal }) => getPlugSharePoints(tenantPk!, signal),
      enabled: tenantPk !== null,
    }),
  );
}
