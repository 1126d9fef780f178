import { EnvironmentOutlined, InboxOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@recarga/contracts/notifications';
import { formatDateTime } from '../lib/format/date-time';
import { EventTag } from './event-tag';
import './notification-list.css';

function place(n: Notification): string {
  return [n.addressStreet, n.addressCity, n.addressState].filter(Boolean).join(' · ');
}

/** Latest station events, newest first, with an empty text when there are none. */
export function NotificationList({
  notifications,
  compact = false,
  emptyText,
}: {
  notifications: Notification[];
  compact?: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation('notifications');
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
        <li key={`${n.chargeBoxId}-${n.connectorId ?? 0}-${n.notificationTimestampDT}-${index}`} className="notification-item">
          <div className="notification-item__main">
            <div className="notification-item__title">
              <span className="text text--ellipsis">
                <strong>{n.chargeBoxName || n.chargeBoxId}</strong>
              </span>
              <EventTag type={n.type} />
            </div>
            <span className="text text--secondary notification-item__meta">
              {n.connectorId ? t('connector', { id: n.connectorId }) : t('station')}
              {n.connectorErrorCode && n.connectorErrorCode !== 'NoError' ? ` · ${n.connectorErrorCode}` : ''}
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
