import { queryOptions, useQuery } from '@tanstack/react-query';
import { financialPaths } from '@recarga/contracts/financial-constants';
import type { FinancialTenant } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

/** GET /gateway/tenants?searchTenantChildren=true (000 §7): the networks of the tenant selector. */
async function getFinancialTenants(signal?: AbortSignal): Promise<FinancialTenant[]> {
  const answer = await apiClient.request<{ content: FinancialTenant[] }>({
    service: 'gateway',
    path: gatewayPath(financialPaths.tenants),
    query: { searchTenantChildren: true },
    signal,
  });
  return answer.content;
}

export function useFinancialTenants() {
  return useQuery(
    queryOptions({
      queryKey: financialKeys.tenants(),
      queryFn: ({ signal }) => getFinancialTenants(signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  );
}
