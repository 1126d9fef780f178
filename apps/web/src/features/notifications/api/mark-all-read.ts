import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BellResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { useBellAction } from './bell-action';
import { bellKeys } from './bell-keys';

/** POST /api/notification/read-all/ → the bell with everything read. */
function markAllRead(): Promise<BellResponse> {
  return apiClient.request<BellResponse>({ method: 'POST', path: 'notification/read-all/' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const onDone = useCallback((bell: BellResponse) => queryClient.setQueryData(bellKeys.bell, bell), [queryClient]);
  return useBellAction(markAllRead, onDone);
}
