import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@recarga/contracts/notifications';
import { notificationKeys, type ChargeBoxNotificationsQuery } from '../../lib/api/get-charge-box-notifications';
import { useLiveMessages } from '../../lib/live-context';
import { readLiveNotification } from '../../lib/live-data';
import { useFeedback } from '../../lib/use-feedback';
import { liveEventIntoList } from './live-event-into-list';

/**
 * Live station events (002 §4): each new event goes into the cached notification lists (the bell
 * still filters Failure, Warning and Disconnected) and shows the info toast
 * '{chargeBoxName} acionou o evento {type}'.
 */
export function useLiveNotifications(): void {
  const { t } = useTranslation('notifications');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  useLiveMessages((live) => {
    if (live.parsed?.kind !== 'notification') return;
    const n = readLiveNotification(live.data);
    if (!n) return;
    for (const [key] of queryClient.getQueriesData<Notification[]>({ queryKey: notificationKeys.all })) {
      const query = key[2] as ChargeBoxNotificationsQuery | undefined;
      queryClient.setQueryData<Notification[]>(key, (old) => liveEventIntoList(old, n, query));
    }
    void message.info({
      content: t('live.toast', { chargeBoxName: n.chargeBoxName || n.chargeBoxId, type: t(`events.${n.type}`) }),
      className: 'live-event-toast',
    });
  });
}
