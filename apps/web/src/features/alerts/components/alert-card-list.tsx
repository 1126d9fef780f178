import { useState } from 'react';
import { Button } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@recarga/contracts/notifications';
import { EventTag } from '../../../components/event-tag';
import { useOcppErrorText } from '../../../components/use-ocpp-error-text';
import { AcknowledgeCell } from './acknowledge-cell';
import { AlertDate } from './alert-date';
import { AlertDetails } from './alert-details';
import { SeverityTag } from './severity-tag';

/** The alerts on a phone: one card each with what matters first (severity, event, station, time, error). */
export function AlertCardList({
  alerts,
  pendingIds,
  onAcknowledge,
}: {
  alerts: Alert[];
  pendingIds: ReadonlySet<number>;
  onAcknowledge: (alert: Alert) => void;
}) {
  const { t } = useTranslation('alerts');
  const errorText = useOcppErrorText();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <ul className="alert-cards" data-testid="alert-cards">
      {alerts.map((a) => {
        const place = [a.addressStreet, a.addressCity, a.addressState].filter(Boolean).join(' · ');
        const error = errorText(a.connectorErrorCode);
        const open = openId === a.notificationId;
        return (
          <li key={a.notificationId} className="alert-card" data-testid="alert-card" data-severity={a.severity}>
            <div className="alert-card__tags">
              <SeverityTag severity={a.severity} />
              <EventTag type={a.type} />
            </div>
            <div className="alert-station">
              <span className="alert-station__name">{a.chargeBoxName || a.chargeBoxId}</span>
              <span className="alert-station__id">{a.chargeBoxId}</span>
            </div>
            <dl className="alert-card__facts">
              <div>
                <dt>{t('card.date')}</dt>
                <dd>
                  <AlertDate alert={a} />
                </dd>
              </div>
              {place ? (
                <div>
                  <dt>{t('card.place')}</dt>
                  <dd>{place}</dd>
                </div>
              ) : null}
              {error ? (
                <div>
                  <dt>{t('card.error')}</dt>
                  <dd className="alert-card__error">{error}</dd>
                </div>
              ) : null}
            </dl>
            <div className="alert-card__actions">
              <AcknowledgeCell alert={a} pending={pendingIds.has(a.notificationId)} onAcknowledge={onAcknowledge} />
              <Button
                size="small"
                type="text"
                aria-expanded={open}
                icon={open ? <UpOutlined aria-hidden="true" /> : <DownOutlined aria-hidden="true" />}
                iconPlacement="end"
                onClick={() => setOpenId(open ? null : a.notificationId)}
              >
                {t('details.more')}
              </Button>
            </div>
            {open ? <AlertDetails notification={a} all={alerts} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
