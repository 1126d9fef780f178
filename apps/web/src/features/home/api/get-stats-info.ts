import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsInfo } from '@recarga/contracts/stats';
import { apiClient } from '../../../lib/api-client';
import type { StatsPeriodParams } from '../utils/stats-period';
import { statsKeys } from './stats-keys';

/** GET /api/stats/info/?fromDate&toDate&timeZone: users and stations by status group. */
function getStatsInfo(params: StatsPeriodParams, signal?: AbortSignal): Promise<StatsInfo> {
  return apiClient.request<StatsInfo>({ path: 'stats/info/', query: { ...params }, signal });
}

const statsInfoQuery = (params: StatsPeriodParams) =>
  queryOptions({
    queryKey: statsKeys.info(params),
    queryFn: ({ signal }) => getStatsInfo(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStatsInfo(params: StatsPeriodParams) {
  return useQuery(statsInfoQuery(params));
}
