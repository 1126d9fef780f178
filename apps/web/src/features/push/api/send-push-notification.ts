import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushRequest, PushSendResponse } from '@recarga/contracts/push';
import { apiClient } from '../../../lib/api-client';
import { pushKeys } from './push-keys';

/** POST /api/push-notification/ with the message (001 §7). */
function sendPushNotification(body: PushRequest): Promise<PushSendResponse> {
  return apiClient.request<PushSendResponse>({ method: 'POST', path: 'push-notification/', body });
}

export function useSendPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPushNotification,
    // A failed push is stored too (as failed): the list refreshes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}
