import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@recarga/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/** POST /api/login/ — the answer's 401 is the call's own result, not an expired session. */
function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.request<LoginResponse>({ method: 'POST', path: 'login/', body, unauthorizedIsAnswer: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
