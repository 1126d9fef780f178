import type { UserPrivateStation } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/users_data/tenant_parent/cpf/{cpf}/ → the user with this CPF in the caller's networks,
 * or null when the answer is `data.error` (not found). Needs the route /users_data/tenant_parent/cpf.
 */
export async function findUserByCpf(cpf: string): Promise<UserPrivateStation | null> {
  const answer = await apiClient.request<{ userPrivateStation?: UserPrivateStation; data?: { error: string } }>({
    path: `users_data/tenant_parent/cpf/${cpf.replace(/\D/g, '')}/`,
  });
  return answer.userPrivateStation ?? null;
}
