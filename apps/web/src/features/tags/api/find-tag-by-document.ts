import type { TagCpfResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';

/** GET /api/ocpptags/tenant_parent/cpf/{cpf}/: the tag of the driver with this CPF, to use as a parent. */
export function findTagByCpf(cpf: string): Promise<TagCpfResponse> {
  return apiClient.request<TagCpfResponse>({ path: `ocpptags/tenant_parent/cpf/${encodeURIComponent(cpf.replace(/\D/g, ''))}/` });
}
