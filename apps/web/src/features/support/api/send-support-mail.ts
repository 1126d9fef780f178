import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMailRequest, SupportSendResponse } from '@recarga/contracts/support';
import { apiClient } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** POST /api/settings/supportMail/ with subject and message (001 §7). */
function sendSupportMail(body: SupportMailRequest): Promise<SupportSendResponse> {
  return apiClient.request<SupportSendResponse>({ method: 'POST', path: 'settings/supportMail/', body });
}

export function useSendSupportMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMail,
    // A failed mail is stored too (as failed): the list refreshes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
