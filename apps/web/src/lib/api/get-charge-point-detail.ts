import { queryOptions } from '@tanstack/react-query';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import { apiClient } from '../api-client';

/**
 * GET /api/chargepoints/{chargeBoxPk}/: one station, as the pickers name a chosen station and the
 * map finds one the search chose. One cache entry per station for both.
 */
export const chargePointDetailQuery = (pk: number) =>
  queryOptions({
    queryKey: ['chargePointDetail', pk] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.request<{ chargePointDetail: ChargePointDetail }>({ path: `chargepoints/${pk}/`, signal })).chargePointDetail,
    staleTime: 60_000,
    // A station out of reach (gone, another network) is answered at once, not retried.
    retry: false,
  });
