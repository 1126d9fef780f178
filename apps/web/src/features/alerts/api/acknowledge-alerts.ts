import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeAlertsResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

/** POST /api/notification/acknowledge/ → the alerts with who acknowledged them and when. */
function acknowledgeAlerts(notificationIds: number[]): Promise<AcknowledgeAlertsResponse> {
  return apiClient.request<AcknowledgeAlertsResponse>({ method: 'POST', path: 'notification/acknowledge/', body: { notificationIds } });
}

export function useAcknowledgeAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlerts,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
