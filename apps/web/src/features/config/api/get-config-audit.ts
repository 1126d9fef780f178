import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

/** GET /api/config/audit?tenant=&page= — the network's audited changes, newest first, 10 a page. */
function getConfigAudit(tenantPk: number | undefined, page: number, signal?: AbortSignal): Promise<AuditPage> {
  return apiClient.request<AuditPage>({ path: 'config/audit', query: { tenant: tenantPk, page }, signal });
}

export function useConfigAudit(tenantPk: number | undefined, page: number) {
  return useQuery(
    queryOptions({
      queryKey: configKeys.audit(tenantPk, page),
      queryFn: ({ signal }) => getConfigAudit(tenantPk, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
