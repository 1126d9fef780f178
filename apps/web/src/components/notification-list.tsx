import { EnvironmentOutlined, InboxOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@recarga/contracts/notifications';
import { formatDateTime } from '../lib/format/date-time';
import { EventTag } from './event-tag';
import { useOcppErrorText } from './use-ocpp-error-text';
import './notification-list.css';

function place(n: Notification): string {
  return [n.addressStreet, n.addressCity, n.addressState].filter(Boolean).join(' · ');
}

/** An event of the signed-in user's bell: its key and whether they read it. */
type ReadableNotification = Notification & { notificationId?: number; read?: boolean };

/**
 * Latest station events, newest first, with an empty text when there are none. With `onMarkRead`
 * (the bell), an unread event is marked as such and offers "mark as read".
 */
export function NotificationList({
  notifications,
  compact = false,
  emptyText,
  onMarkRead,
}: {
  notifications: ReadableNotification[];
  compact?: boolean;
  emptyText: string;
  onMarkRead?: (notificationId: number) => void;
}) {
  const { t } = useTranslation('notifications');
  const errorText = useOcppErrorText();
  if (notifications.length === 0) {
    return (
      <div className="notification-list__empty">
        <InboxOutlined className="notification-list__empty-icon" aria-hidden="true" />
        <span className="text text--secondary">{emptyText}</span>
      </div>
    );
  }
  return (
    <ul className={compact ? 'notification-list notification-list--compact' : 'notification-list'}>
      {notifications.map((n, index) => (
        <li
          key={n.notificationId ?? `${n.chargeBoxId}-${n.connectorId ?? 0}-${n.notificationTimestampDT}-${index}`}
          className={n.read === false ? 'notification-item notification-item--unread' : 'notification-item'}
          data-read={n.read === undefined ? undefined : String(n.read)}
        >
          {n.read === false ? (
            onMarkRead && n.notificationId !== undefined ? (
              // The unread dot is the "mark as read" button (as mail apps do).
              <button
                type="button"
                className="notification-item__dot notification-item__dot--button"
                aria-label={`${t('header.markRead')}: ${n.chargeBoxName || n.chargeBoxId}, ${t(`events.${n.type}`, { defaultValue: n.type })}`}
                title={t('header.markRead')}
                onClick={() => onMarkRead(n.notificationId!)}
                data-testid="notification-mark-read"
              />
            ) : (
              <span className="notification-item__dot" role="img" aria-label={t('header.unreadDot')} />
            )
          ) : null}
          <div className="notification-item__main">
            <div className="notification-item__title">
              <span className="text text--ellipsis">
                <strong>{n.chargeBoxName || n.chargeBoxId}</strong>
              </span>
              <EventTag type={n.type} />
            </div>
            <span className="text text--secondary notification-item__meta">
              {n.connectorId ? t('connector', { id: n.connectorId }) : t('station')}
              {errorText(n.connectorErrorCode) ? ` · ${errorText(n.connectorErrorCode)}` : ''}
              {n.connectorErrorMsg ? ` · ${n.connectorErrorMsg}` : ''}
            </span>
            {!compact && place(n) ? (
              <span className="text text--secondary notification-item__meta">
                <EnvironmentOutlined aria-hidden="true" /> {place(n)}
              </span>
            ) : null}
            {!compact && n.userName ? (
              <span className="text text--secondary notification-item__meta">
                <UserOutlined aria-hidden="true" /> {n.userName}
              </span>
            ) : null}
          </div>
          <time className="notification-item__time" dateTime={n.notificationTimestampDT}>
            {formatDateTime(n.notificationTimestampDT)}
          </time>
        </li>
      ))}
    </ul>
  );
}
