import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocTypesResponse } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users_data/doc_types/: document types of the tenant's country (the first is the default). */
async function getDocTypes(tenantPk: number | null, signal?: AbortSignal): Promise<string[]> {
  const answer = await apiClient.request<DocTypesResponse>({ path: 'users_data/doc_types/', query: { tenantPk }, signal });
  return answer.docTypeList;
}

export function useDocTypes(tenantPk: number | null, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: userKeys.docTypes(tenantPk),
      queryFn: ({ signal }) => getDocTypes(tenantPk, signal),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
}
