import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@recarga/contracts/notifications';
import { formatDateTime } from '../../../lib/format/date-time';

/**
 * The time the station gave the event; when the station's clock runs ahead of the time the event
 * was received (the list is ordered by the latter), a visible hint says so and gives that time.
 */
export function AlertDate({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  return (
    <span className="alert-date">
      <time dateTime={alert.notificationTimestampDT}>{formatDateTime(alert.notificationTimestampDT)}</time>
      {alert.stationClockAhead ? (
        <span className="alert-date__ahead" data-testid="alert-clock-ahead">
          <ClockCircleOutlined aria-hidden="true" /> {t('clock.ahead')}
          <span className="alert-date__received">{t('clock.received', { date: formatDateTime(alert.receivedAtDT) })}</span>
        </span>
      ) : null}
    </span>
  );
}
