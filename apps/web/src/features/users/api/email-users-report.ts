import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/report/xlsx/users/?activeUsers&searchInput → 202 { message, email }: the report is built
 * and e-mailed to the caller (the answer names the address it goes to).
 */
async function emailUsersReport(filters: { activeUsers: boolean; searchInput?: string }): Promise<{ email: string }> {
  const response = await apiClient.requestRaw({
    path: 'report/xlsx/users/',
    query: { activeUsers: filters.activeUsers, searchInput: filters.searchInput?.trim() },
    accept: 'application/json',
  });
  return (await response.json()) as { email: string };
}

export function useEmailUsersReport() {
  return useMutation({ mutationFn: emailUsersReport });
}
