import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/report/user/permissions/ → hasDisableTransactionOption (hides the Individual report). */
function getReportPermissions(signal?: AbortSignal): Promise<{ hasDisableTransactionOption: boolean }> {
  return apiClient.request({ path: 'report/user/permissions/', signal });
}

export function useReportPermissions() {
  return useQuery(
    queryOptions({
      queryKey: stationKeys.reportPermissions(),
      queryFn: ({ signal }) => getReportPermissions(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
