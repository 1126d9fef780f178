import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { liveNotificationSchema } from '@recarga/contracts/live';
import { useLiveMessages } from '../../lib/live-context';
import { notificationLimit, type ChargeBoxNotification } from './api/get-charge-box-notifications';
import { isKnownEventType } from './event-types';

const sameEvent = (a: ChargeBoxNotification, b: ChargeBoxNotification) =>
  a.chargeBoxId === b.chargeBoxId &&
  a.connectorId === b.connectorId &&
  a.type === b.type &&
  a.notificationTimestampDT === b.notificationTimestampDT;

/** Puts a new event first in a cached list (no duplicates, at most `limit` rows). */
export function prependNotification(list: ChargeBoxNotification[] | undefined, n: ChargeBoxNotification, limit = notificationLimit) {
  if (!list) return list;
  if (list.some((x) => sameEvent(x, n))) return list;
  return [n, ...list].slice(0, limit);
}

/**
 * Live station events (002 §4): each new event goes into the cached notification lists (the bell
 * still filters Failure, Warning and Disconnected) and shows the info toast
 * '{chargeBoxName} acionou o evento {type}'.
 */
export function useLiveNotifications(): void {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useLiveMessages((live) => {
    if (live.parsed?.kind !== 'notification') return;
    const parsed = liveNotificationSchema.safeParse(live.data);
    if (!parsed.success) return;
    const n = parsed.data;
    queryClient.setQueriesData<ChargeBoxNotification[]>({ queryKey: ['notifications', 'chargeBox'] }, (old) => prependNotification(old, n));
    const type = isKnownEventType(n.type) ? t(`events.${n.type}`) : n.type;
    void message.info({
      content: t('live.toast', { chargeBoxName: n.chargeBoxName || n.chargeBoxId, type }),
      className: 'live-event-toast',
    });
  });
}
