import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BellResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { useBellAction } from './bell-action';
import { bellKeys } from './bell-keys';

/** POST /api/notification/read/ → the bell as it is now. */
function markRead(notificationIds: number[]): Promise<BellResponse> {
  return apiClient.request<BellResponse>({ method: 'POST', path: 'notification/read/', body: { notificationIds } });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const onDone = useCallback((bell: BellResponse) => queryClient.setQueryData(bellKeys.bell, bell), [queryClient]);
  return useBellAction(markRead, onDone);
}
