import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isKnownEventType } from '../event-types';

const colours: Record<string, string> = {
  Available: 'success',
  Disconnected: 'default',
  Connected: 'processing',
  StationBooted: 'cyan',
  TransactionStarted: 'blue',
  TransactionEnded: 'geekblue',
  Failure: 'error',
  Warning: 'warning',
};

/** Event type label (StationBooted is shown as 'Station started', Warning as 'Short Recharge'). */
export function EventTag({ type }: { type: string }) {
  const { t } = useTranslation('notifications');
  const label = isKnownEventType(type) ? t(`events.${type}`) : type;
  return (
    <Tag color={colours[type] ?? 'default'} variant="filled" className="event-tag">
      {label}
    </Tag>
  );
}
