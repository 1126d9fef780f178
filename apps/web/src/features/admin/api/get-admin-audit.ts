import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/audit?tenant=&page= — the changes of one network in scope, or of all of them, newest first. */
function getAdminAudit(tenantPk: number | undefined, page: number, signal?: AbortSignal): Promise<AuditPage> {
  return apiClient.request<AuditPage>({ path: 'admin/audit', query: { tenant: tenantPk, page }, signal });
}

export function useAdminAudit(tenantPk: number | undefined, page: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.audit(tenantPk, page),
      queryFn: ({ signal }) => getAdminAudit(tenantPk, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
