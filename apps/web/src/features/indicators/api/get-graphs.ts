import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphsResponse } from '@recarga/contracts/station-graphs';
import { apiClient } from '../../../lib/api-client';
import { timezoneOffsetHours } from '../../../lib/timezone-offset';

export interface GraphsParams {
  days: 7 | 28 | 365;
  stationId?: number;
}

/** Hours to add to local time to get UTC, as the call wants it (getTimezoneOffset()/60: 3 in Brasília). */
function timeDiffHours(date = new Date()): number {
  return -timezoneOffsetHours(date) || 0;
}

/** GET /api/stations/dashboard/graphs/?days&stationId&timeDiff: the six charts of the statistics page. */
function getGraphs(params: GraphsParams, signal?: AbortSignal): Promise<GraphsResponse> {
  return apiClient.request<GraphsResponse>({
    path: 'stations/dashboard/graphs/',
    query: { days: params.days, stationId: params.stationId, timeDiff: timeDiffHours() },
    signal,
  });
}

const graphsQuery = (params: GraphsParams) =>
  queryOptions({
    queryKey: ['indicators', 'graphs', params] as const,
    queryFn: ({ signal }) => getGraphs(params, signal),
    placeholderData: keepPreviousData,
  });

export function useGraphs(params: GraphsParams) {
  return useQuery(graphsQuery(params));
}
