import type { TagCpfResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/ocpptags/tenant_parent/cpf/{number}/?docType: the tag of the driver with this document, to
 * use as a parent — a CPF by its digits, or another type of the network's country (cédula, NIT…).
 */
export function findTagByDocument(docType: string, number: string): Promise<TagCpfResponse> {
  const key = docType === 'CPF' ? number.replace(/\D/g, '') : number.replace(/[^0-9A-Za-z]/g, '');
  return apiClient.request<TagCpfResponse>({
    path: `ocpptags/tenant_parent/cpf/${encodeURIComponent(key)}/`,
    query: { docType: docType === 'CPF' ? undefined : docType },
  });
}
