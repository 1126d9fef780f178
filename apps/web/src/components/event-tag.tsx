import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './event-tag.css';

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

/**
 * A station event's type as a coloured tag (StationBooted is shown as 'Station started', Warning
 * as 'Short Recharge'); a type the interface does not know is shown as the server wrote it.
 */
export function EventTag({ type, className = 'event-tag' }: { type: string; className?: string }) {
  const { t } = useTranslation('notifications');
  return (
    <Tag color={colours[type] ?? 'default'} variant="filled" className={className}>
      {t(`events.${type}`, { defaultValue: type })}
    </Tag>
  );
}
