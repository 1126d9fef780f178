import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsSums } from '@recarga/contracts/stats';
import { apiClient } from '../../../lib/api-client';
import type { StatsPeriodParams } from '../utils/stats-period';
import { statsKeys } from './stats-keys';

/** GET /api/stats/sums/?fromDate&toDate&timeZone: energy, CO2, trees, recharges, charged users (and money when permitted). */
function getStatsSums(params: StatsPeriodParams, signal?: AbortSignal): Promise<StatsSums> {
  return apiClient.request<StatsSums>({ path: 'stats/sums/', query: { ...params }, signal });
}

const statsSumsQuery = (params: StatsPeriodParams) =>
  queryOptions({
    queryKey: statsKeys.sums(params),
    queryFn: ({ signal }) => getStatsSums(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStatsSums(params: StatsPeriodParams) {
  return useQuery(statsSumsQuery(params));
}
