import { useMutation } from '@tanstack/react-query';
import type { RecoveryResponse, SendCodeRequest } from '@recarga/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/** POST /api/forgotpassword/sendCode/ — `data.error` true means the code was not sent. */
function sendRecoveryCode(body: SendCodeRequest): Promise<RecoveryResponse> {
  return apiClient.request<RecoveryResponse>({
    method: 'POST',
    path: 'forgotpassword/sendCode/',
    body,
    unauthorizedIsAnswer: true,
  });
}

export function useSendRecoveryCode() {
  return useMutation({ mutationFn: sendRecoveryCode });
}
