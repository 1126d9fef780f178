import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, RecoveryResponse } from '@recarga/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/** POST /api/forgotpassword/change/ — 410/404 expired code, 429 too many attempts. */
function changePassword(body: ChangePasswordRequest): Promise<RecoveryResponse> {
  return apiClient.request<RecoveryResponse>({
    method: 'POST',
    path: 'forgotpassword/change/',
    body,
    unauthorizedIsAnswer: true,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
