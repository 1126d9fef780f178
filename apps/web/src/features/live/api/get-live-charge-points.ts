import { queryOptions } from '@tanstack/react-query';
import type { MapChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/chargepoints/ without a page: every station of the user's scope with its connectors
 * (the map list). The live connection subscribes to their status topics.
 */
export async function getLiveChargePoints(signal?: AbortSignal): Promise<MapChargePointListResponse['chargePointList']> {
  const answer = await apiClient.request<MapChargePointListResponse | undefined>({
    path: 'chargepoints/',
    query: { originType: 'MOVE' },
    signal,
  });
  return answer?.chargePointList ?? [];
}

export const liveChargePointsQuery = () =>
  queryOptions({
    queryKey: ['live', 'chargePoints'] as const,
    queryFn: ({ signal }) => getLiveChargePoints(signal),
    staleTime: Infinity,
    retry: false,
  });
