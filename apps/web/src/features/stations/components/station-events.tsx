import { Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EventTag } from '../../../components/event-tag';
import { useOcppErrorText } from '../../../components/use-ocpp-error-text';
import { formatDateTime } from '../../../lib/format/date-time';
import { useStationEvents } from '../api/get-station-events';

/** The latest 30 events of one station, newest first (live events are added on top). */
export function StationEvents({ chargeBoxId }: { chargeBoxId: string }) {
  const { t } = useTranslation('stations');
  const { t: tn } = useTranslation('notifications');
  // The bell's and the alerts' words for an OCPP error code ('GroundFailure' → 'Falha de aterramento').
  const errorText = useOcppErrorText();
  const { data, isLoading, isError } = useStationEvents(chargeBoxId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Typography.Text type="danger">{t('card.eventsError')}</Typography.Text>;
  if (!data || data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noEvents')} />;
  return (
    <ol className="station-events" data-testid="station-events">
      {data.map((n, i) => (
        <li key={`${n.notificationTimestampDT}-${n.type}-${n.connectorId ?? 0}-${i}`} className="station-events__item">
          <EventTag type={n.type} className="station-events__tag" />
          <span className="station-events__what">
            {n.connectorId ? tn('connector', { id: n.connectorId }) : tn('station')}
            {errorText(n.connectorErrorCode) ? ` · ${errorText(n.connectorErrorCode)}` : ''}
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
