import { Descriptions, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alert, Notification } from '@recarga/contracts/notifications';
import { EventTag } from '../../../components/event-tag';
import { useOcppErrorText } from '../../../components/use-ocpp-error-text';
import { formatDateTime } from '../../../lib/format/date-time';
import { useStationEvents } from '../api/get-alerts';
import { transactionTimeline } from '../utils/alert-rules';

/**
 * A row's details: station id, connector, error (in words), when it was received and, for a
 * Warning, its transaction's timeline.
 */
export function AlertDetails({ notification: n, all }: { notification: Alert; all: Notification[] }) {
  const { t } = useTranslation('alerts');
  const { t: tn } = useTranslation('notifications');
  const errorText = useOcppErrorText();
  const warning = n.type === 'Warning' && n.transactionId !== null;
  const station = useStationEvents(warning ? n.chargeBoxId : null);
  const timeline = warning ? transactionTimeline([...all, ...(station.data ?? [])], n) : [];
  const error = [errorText(n.connectorErrorCode), n.connectorErrorMsg].filter(Boolean).join(' · ');

  return (
    <div className="alert-details" data-testid="alert-details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'id', label: t('details.stationId'), children: <Typography.Text copyable>{n.chargeBoxId}</Typography.Text> },
          {
            key: 'connector',
            label: t('details.connector'),
            children: n.connectorId ? tn('connector', { id: n.connectorId }) : tn('station'),
          },
          { key: 'error', label: t('details.error'), children: error || t('details.noError') },
          {
            key: 'received',
            label: t('details.received'),
            children: <time dateTime={n.receivedAtDT}>{formatDateTime(n.receivedAtDT)}</time>,
          },
          ...(n.userName ? [{ key: 'user', label: t('details.user'), children: n.userName }] : []),
          ...(n.transactionId !== null ? [{ key: 'tx', label: t('details.transaction'), children: `#${n.transactionId}` }] : []),
        ]}
      />
      {warning ? (
        <div className="alert-details__timeline" data-testid="alert-timeline">
          <Typography.Title level={5} className="alert-details__timeline-title">
            {t('details.timeline', { id: n.transactionId })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="alert-details__timeline-lead">
            {t('details.timelineLead')}
          </Typography.Paragraph>
          {station.isLoading && timeline.length < 2 ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : (
            <Timeline
              items={timeline.map((e) => ({
                color: e.type === 'Warning' ? 'orange' : e.type === 'TransactionEnded' ? 'gray' : 'blue',
                content: (
                  <span className="alert-details__event">
                    <EventTag type={e.type} />
                    <time dateTime={e.notificationTimestampDT}>{formatDateTime(e.notificationTimestampDT)}</time>
                    {e === n || (e.type === n.type && e.notificationTimestampDT === n.notificationTimestampDT) ? (
                      <Typography.Text type="secondary">{t('details.thisEvent')}</Typography.Text>
                    ) : null}
                  </span>
                ),
              }))}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
