import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alertNotificationTypes, defaultToastTypes } from '@recarga/contracts/notification-types';
import type { Notification } from '@recarga/contracts/notifications';
import { useOcppErrorText } from '../../components/use-ocpp-error-text';
import { notificationKeys, type ChargeBoxNotificationsQuery } from '../../lib/api/get-charge-box-notifications';
import { useLiveMessages } from '../../lib/live-context';
import { readLiveNotification } from '../../lib/live-data';
import { useFeedback } from '../../lib/use-feedback';
import { bellKeys } from './api/bell-keys';
import { useNotificationPreferences } from './api/notification-preferences';
import { liveEventIntoList } from './live-event-into-list';

/** A burst of events (a fleet rebooting) refreshes the bell once per this many milliseconds. */
const BELL_REFRESH_MS = 2_000;

/**
 * Live station events (002 §4): each new event goes into the cached notification lists, refreshes
 * the bell (Failure, Warning and Disconnected) and — only for the event types the user chose, faults
 * and offline stations unless they chose otherwise — shows the info toast
 * '{chargeBoxName} acionou o evento {type}', with the error in words when there is one.
 */
export function useLiveNotifications(): void {
  const { t } = useTranslation('notifications');
  const errorText = useOcppErrorText();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const preferences = useNotificationPreferences();
  const toastTypes = preferences.data?.toastTypes ?? defaultToastTypes;
  const bellTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (bellTimer.current) clearTimeout(bellTimer.current);
    },
    [],
  );

  useLiveMessages((live) => {
    if (live.parsed?.kind !== 'notification') return;
    const n = readLiveNotification(live.data);
    if (!n) return;
    for (const [key] of queryClient.getQueriesData<Notification[]>({ queryKey: notificationKeys.all })) {
      const query = key[2] as ChargeBoxNotificationsQuery | undefined;
      queryClient.setQueryData<Notification[]>(key, (old) => liveEventIntoList(old, n, query));
    }
    if (alertNotificationTypes.includes(n.type) && !bellTimer.current) {
      bellTimer.current = setTimeout(() => {
        bellTimer.current = null;
        void queryClient.invalidateQueries({ queryKey: bellKeys.bell });
      }, BELL_REFRESH_MS);
    }
    if (!toastTypes.includes(n.type)) return;
    const vars = { chargeBoxName: n.chargeBoxName || n.chargeBoxId, type: t(`events.${n.type}`) };
    const error = errorText(n.connectorErrorCode);
    void message.info({
      content: error ? t('live.toastError', { ...vars, error }) : t('live.toast', vars),
      className: 'live-event-toast',
    });
  });
}
