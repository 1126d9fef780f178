import { Button } from 'antd';
import { CheckCircleFilled, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@recarga/contracts/notifications';
import { formatDateTime } from '../../../lib/format/date-time';

/** Who acknowledged an alert and when, or the button that acknowledges it. */
export function AcknowledgeCell({
  alert,
  pending,
  onAcknowledge,
  block = false,
}: {
  alert: Alert;
  pending: boolean;
  onAcknowledge: (alert: Alert) => void;
  block?: boolean;
}) {
  const { t } = useTranslation('alerts');
  const { t: tn } = useTranslation('notifications');
  if (alert.acknowledgedAtDT) {
    const by = alert.acknowledgedBy ? t('ack.by', { name: alert.acknowledgedBy }) : t('ack.byUnknown');
    return (
      <span className="alert-ack" data-testid="alert-acknowledged">
        <CheckCircleFilled className="alert-ack__icon" aria-hidden="true" />
        <span className="alert-ack__text">
          {/* The table cuts a long name with an ellipsis: the title reads it whole. */}
          <span title={by}>{by}</span>
          <span className="alert-ack__when">{t('ack.at', { date: formatDateTime(alert.acknowledgedAtDT) })}</span>
        </span>
      </span>
    );
  }
  return (
    <Button
      size="small"
      block={block}
      icon={<CheckOutlined aria-hidden="true" />}
      loading={pending}
      aria-label={t('ack.actionFor', {
        station: alert.chargeBoxName || alert.chargeBoxId,
        event: tn(`events.${alert.type}`, { defaultValue: alert.type }),
      })}
      onClick={(e) => {
        // The row expands on click; the button only acknowledges.
        e.stopPropagation();
        onAcknowledge(alert);
      }}
      data-testid="alert-acknowledge"
    >
      {t('ack.action')}
    </Button>
  );
}
