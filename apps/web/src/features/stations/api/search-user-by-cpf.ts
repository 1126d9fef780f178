import type { UserPrivateStation } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/users_data/tenant_parent/cpf/{cpf}/?chargeBoxPK= → the user, or null when the answer
 * is `data.error` (not found).
 */
export async function searchUserByCpf(cpf: string, chargeBoxPk: number | null): Promise<UserPrivateStation | null> {
  const answer = await apiClient.request<{ userPrivateStation?: UserPrivateStation; data?: { error: string } }>({
    path: `users_data/tenant_parent/cpf/${cpf.replace(/\D/g, '')}/`,
    query: { chargeBoxPK: chargeBoxPk ?? undefined },
  });
  return answer.userPrivateStation ?? null;
}
