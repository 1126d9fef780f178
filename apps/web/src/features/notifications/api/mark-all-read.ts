import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BellResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { bellKeys } from './bell-keys';

/** POST /api/notification/read-all/ → the bell with everything read. */
function markAllRead(): Promise<BellResponse> {
  return apiClient.request<BellResponse>({ method: 'POST', path: 'notification/read-all/' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: (bell) => queryClient.setQueryData(bellKeys.bell, bell),
  });
}
