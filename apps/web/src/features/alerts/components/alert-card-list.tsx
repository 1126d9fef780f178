import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@recarga/contracts/notifications';
import { EventTag } from '../../../components/event-tag';
import { RecordCardDetailsButton, RecordCards, useOpenCards } from '../../../components/record-cards';
import { useOcppErrorText } from '../../../components/use-ocpp-error-text';
import { AcknowledgeCell } from './acknowledge-cell';
import { AlertDate } from './alert-date';
import { AlertDetails } from './alert-details';
import { SeverityTag } from './severity-tag';

/**
 * The alerts on a phone: one `RecordCards` card each with what matters first (the station, its
 * severity and event, the time, the error, the place), acknowledge and the details. A fault has the
 * error accent, a short recharge the warning one.
 */
export function AlertCardList({
  alerts,
  pendingIds,
  onAcknowledge,
  footer,
}: {
  alerts: Alert[];
  pendingIds: ReadonlySet<number>;
  onAcknowledge: (alert: Alert) => void;
  /** The pager, under the cards. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('alerts');
  const errorText = useOcppErrorText();
  const { isOpen, toggle } = useOpenCards<number>();
  return (
    <RecordCards<Alert>
      items={alerts}
      itemKey={(a) => a.notificationId}
      label={t('title')}
      footer={footer}
      data-testid="alert-cards"
      render={(a) => {
        const place = [a.addressStreet, a.addressCity, a.addressState].filter(Boolean).join(' · ');
        const error = errorText(a.connectorErrorCode);
        const open = isOpen(a.notificationId);
        return {
          testId: 'alert-card',
          tone: a.severity === 'fault' ? 'error' : a.severity === 'shortRecharge' ? 'warning' : undefined,
          title: a.chargeBoxName || a.chargeBoxId,
          subtitle: a.chargeBoxId,
          tags: (
            <>
              <SeverityTag severity={a.severity} />
              <EventTag type={a.type} />
            </>
          ),
          facts: [
            // A station clock running ahead adds two lines to the date: the card's width for them.
            { key: 'date', label: t('card.date'), value: <AlertDate alert={a} />, wide: a.stationClockAhead },
            ...(error ? [{ key: 'error', label: t('card.error'), value: <span className="alert-card__error">{error}</span> }] : []),
            ...(place ? [{ key: 'place', label: t('card.place'), value: place, wide: true }] : []),
          ],
          actions: (
            <>
              <AcknowledgeCell alert={a} pending={pendingIds.has(a.notificationId)} onAcknowledge={onAcknowledge} />
              <RecordCardDetailsButton open={open} onToggle={() => toggle(a.notificationId)}>
                {t('details.more')}
              </RecordCardDetailsButton>
            </>
          ),
          details: open ? <AlertDetails notification={a} all={alerts} /> : undefined,
        };
      }}
    />
  );
}
