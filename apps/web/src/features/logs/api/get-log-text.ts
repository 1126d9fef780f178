import { queryOptions, useQuery } from '@tanstack/react-query';
import { logPaths } from '@recarga/contracts/logs';
import { apiClient } from '../../../lib/api-client';
import { logKeys } from './log-keys';

/** GET log/?tenant={name} (001 §7): today's log of the tenant as text, or 'Not available'. */
async function getLogText(tenant: string, signal?: AbortSignal): Promise<string> {
  const response = await apiClient.requestRaw({ path: logPaths.text, query: { tenant }, accept: 'text/plain', signal });
  return response.text();
}

export function useLogText(tenant: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: logKeys.text(tenant ?? ''),
      queryFn: ({ signal }) => getLogText(tenant!, signal),
      enabled: Boolean(tenant),
      retry: false,
    }),
  );
}
