import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Graph, GraphsResponse } from '@recarga/contracts/station-graphs';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/stations/dashboard/graphs/?days=28&stationId= → the energy chart of one station. */
async function getStationEnergy(pk: number, signal?: AbortSignal): Promise<Graph | null> {
  const answer = await apiClient.request<GraphsResponse>({
    path: 'stations/dashboard/graphs/',
    query: { days: 28, stationId: pk, timeDiff: new Date().getTimezoneOffset() / 60 },
    signal,
  });
  return answer.graphs.find((g) => g.key === 'energy') ?? null;
}

export function useStationEnergy(pk: number) {
  return useQuery(queryOptions({ queryKey: stationKeys.energy(pk), queryFn: ({ signal }) => getStationEnergy(pk, signal) }));
}
