import { apiClient } from '../../../lib/api-client';

/** POST /api/logout/ with no body. An already-expired session is still a sign-out. */
export function logout(signal?: AbortSignal): Promise<void> {
  return apiClient.request<void>({ method: 'POST', path: 'logout/', unauthorizedIsAnswer: true, signal });
}
