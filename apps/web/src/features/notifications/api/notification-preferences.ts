import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { useBellAction } from './bell-action';
import { bellKeys } from './bell-keys';

/** GET /api/notification/preferences/ → which event types pop up as toasts for the signed-in user. */
function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiClient.request<NotificationPreferences>({ path: 'notification/preferences/', signal });
}

/** PUT /api/notification/preferences/ */
function savePreferences(prefs: NotificationPreferences): Promise<NotificationPreferences> {
  return apiClient.request<NotificationPreferences>({ method: 'PUT', path: 'notification/preferences/', body: prefs });
}

const preferencesQuery = () => queryOptions({ queryKey: bellKeys.preferences, queryFn: ({ signal }) => getPreferences(signal) });

export function useNotificationPreferences() {
  return useQuery(preferencesQuery());
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const onDone = useCallback((prefs: NotificationPreferences) => queryClient.setQueryData(bellKeys.preferences, prefs), [queryClient]);
  return useBellAction(savePreferences, onDone);
}
