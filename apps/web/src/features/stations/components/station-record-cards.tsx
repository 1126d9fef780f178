import { type ReactNode } from 'react';
import { Badge, Button, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargePointListItem } from '@recarga/contracts/stations';
import { RecordCardDetailsButton, RecordCards, useOpenCards } from '../../../components/record-cards';
import { formatDateTime } from '../../../lib/format/date-time';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { ConnectorStatusPills } from './connector-status-pills';
import { StationCard } from './station-card';

interface Props {
  stations: readonly ChargePointListItem[];
  /** Several networks in the user's scope: the card names the station's. */
  showTenant: boolean;
  busy: boolean;
  /** The pager, under the cards. */
  footer: ReactNode;
}

/**
 * The station list on a phone: one card per station with its name, whether it is connected, where it
 * is, its last signal, recharges, energy and connectors; Edit, and Details opening the table's
 * expanded row (QR code, events, recharges, energy, Delete).
 */
export function StationRecordCards({ stations, showTenant, busy, footer }: Props) {
  const { t } = useTranslation('stations');
  const fmt = useNumberFormat();
  const navigate = useNavigate();
  const canEdit = usePermittedRoutes().has('/stations/edit/{id}');
  const { isOpen: opened, toggle } = useOpenCards<number>();

  return (
    <RecordCards
      items={stations}
      itemKey={(s) => s.chargeBoxPk}
      label={t('list.title')}
      busy={busy}
      footer={footer}
      data-testid="station-cards"
      render={(s) => {
        const name = s.description || s.chargeBoxId;
        const isOpen = opened(s.chargeBoxPk);
        const place = [s.address.city, s.address.state].filter(Boolean).join(' · ');
        return {
          testId: 'station-record-card',
          title: name,
          subtitle: s.description ? <code className="station-name__id">{s.chargeBoxId}</code> : undefined,
          tags: (
            <>
              <Badge status={s.online ? 'success' : 'default'} text={s.online ? t('list.online') : t('list.offline')} />
              {!s.active ? <Tag variant="filled">{t('card.disabled')}</Tag> : null}
            </>
          ),
          facts: [
            { key: 'place', label: t('cards.place'), value: place || '—' },
            {
              key: 'heartbeat',
              label: t('columns.heartbeat'),
              value: s.lastHeartbeatTimestamp ? formatDateTime(s.lastHeartbeatTimestamp) : t('list.never'),
            },
            { key: 'recharges', label: t('columns.recharges'), value: fmt.integer(s.recharges) },
            { key: 'kwh', label: t('columns.kwh'), value: fmt.decimal(s.consumption / 1000, 2) },
            ...(showTenant ? [{ key: 'tenant', label: t('columns.tenant'), value: s.tenantName }] : []),
            {
              key: 'connectors',
              label: t('columns.connectors'),
              value: <ConnectorStatusPills connectors={s.connectors} />,
              wide: !showTenant,
            },
          ],
          actions: (
            <>
              <RecordCardDetailsButton
                open={isOpen}
                onToggle={() => toggle(s.chargeBoxPk)}
                aria-label={t('card.label', { name })}
                data-testid="station-card-details"
              >
                {t('cards.details')}
              </RecordCardDetailsButton>
              {canEdit ? (
                <Button
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('cards.editOf', { name })}
                  onClick={() => navigate(`/stations/edit/${s.chargeBoxPk}`)}
                  data-testid="station-card-edit"
                >
                  {t('card.edit')}
                </Button>
              ) : null}
            </>
          ),
          details: isOpen ? <StationCard station={s} withEdit={false} /> : undefined,
        };
      }}
    />
  );
}
