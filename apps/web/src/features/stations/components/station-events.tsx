import { Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time';
import { useStationEvents } from '../api/get-station-events';

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

/** The latest 30 events of one station, newest first (live events are added on top). */
export function StationEvents({ chargeBoxId }: { chargeBoxId: string }) {
  const { t } = useTranslation('stations');
  const { t: tn } = useTranslation('notifications');
  const { data, isLoading, isError } = useStationEvents(chargeBoxId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Typography.Text type="danger">{t('card.eventsError')}</Typography.Text>;
  if (!data || data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noEvents')} />;
  return (
    <ol className="station-events" data-testid="station-events">
      {data.map((n, i) => (
        <li key={`${n.notificationTimestampDT}-${n.type}-${n.connectorId ?? 0}-${i}`} className="station-events__item">
          <Tag color={colours[n.type] ?? 'default'} variant="filled" className="station-events__tag">
            {tn(`events.${n.type}`, { defaultValue: n.type })}
          </Tag>
          <span className="station-events__what">
            {n.connectorId ? tn('connector', { id: n.connectorId }) : tn('station')}
            {n.connectorErrorCode && n.connectorErrorCode !== 'NoError' ? ` · ${n.connectorErrorCode}` : ''}
            {n.userName ? ` · ${n.userName}` : ''}
          </span>
          <time className="station-events__time" dateTime={n.notificationTimestampDT}>
            {formatDateTime(n.notificationTimestampDT)}
          </time>
        </li>
      ))}
    </ol>
  );
}
