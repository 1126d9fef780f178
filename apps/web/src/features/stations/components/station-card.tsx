import { lazy, Suspense } from 'react';
import { Button, Descriptions, Flex, Skeleton, Tag, Typography, type ButtonProps } from 'antd';
import { DeleteOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargePointListItem } from '@recarga/contracts/stations';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useDeleteStation } from '../api/delete-station';
import { StationEvents } from './station-events';
import { StationQrCode } from './station-qr-code';
import { StationTransactions } from './station-transactions';

/** ECharts is loaded with the first expanded card, not with the list. */
const EnergyChart = lazy(() => import('./energy-chart').then((m) => ({ default: m.EnergyChart })));

/**
 * The expanded row of the station list: QR code, identity, actions, events, recharges, energy.
 * `withEdit` false leaves Edit out (a phone's station card has it at its foot already).
 */
export function StationCard({ station, withEdit = true }: { station: ChargePointListItem; withEdit?: boolean }) {
  const { t } = useTranslation('stations');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const remove = useDeleteStation();
  const canEdit = withEdit && permitted.has('/stations/edit/{id}');
  const canDelete = permitted.has('/stations/delete/{id}');
  const name = station.description || station.chargeBoxId;
  const dash = '—';

  const confirmDelete = () => {
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.text', { name }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      cancelText: t('delete.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(station.chargeBoxPk);
          message.success(t('delete.success'));
        } catch (error) {
          message.error(t('delete.failed'));
          if (isApiError(error) && error.body?.message) message.warning(error.body.message);
        }
      },
    });
  };

  /** A station's last firmware or diagnostics report, translated, with when it came. */
  const statusAt = (group: 'firmwareStatuses' | 'diagnosticsStatuses', status: string | null, at: string | null) =>
    status
      ? t('card.statusAt', { status: t(`card.${group}.${status}`, { defaultValue: status }), when: formatDateTime(at) })
      : t('card.noStatus');

  const address = [station.address.street, station.address.houseNumber].filter(Boolean).join(', ');
  const place = [address, station.address.city, station.address.state].filter(Boolean).join(' · ');

  return (
    <section className="station-card" aria-label={t('card.label', { name })} data-testid={`station-card-${station.chargeBoxId}`}>
      <div className="station-card__top">
        <StationQrCode
          pk={station.chargeBoxPk}
          chargeBoxId={station.chargeBoxId}
          connectorIds={station.connectors.map((c) => c.connectorId).filter((id) => id > 0)}
        />
        <div className="station-card__identity">
          <div className="station-card__title-row">
            <Typography.Title level={4} className="station-card__title">
              {name}
            </Typography.Title>
            <Tag color={station.typeOf === 'PRIVATE' ? 'purple' : 'blue'} variant="filled">
              {t(`typeOf.${station.typeOf}`)}
            </Tag>
            {!station.active ? <Tag variant="filled">{t('card.disabled')}</Tag> : null}
          </div>
          {place ? <Typography.Text type="secondary">{place}</Typography.Text> : null}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            className="station-card__details"
            items={[
              { key: 'id', label: t('card.chargeBoxId'), children: <code>{station.chargeBoxId}</code> },
              { key: 'type', label: t('card.type'), children: t(`typeOf.${station.typeOf}`) },
              { key: 'group', label: t('card.group'), children: station.chargeBoxGroupName ?? dash },
              { key: 'vendor', label: t('card.vendor'), children: station.chargePointVendor ?? dash },
              { key: 'model', label: t('card.model'), children: station.chargePointModel ?? dash },
              { key: 'fw', label: t('card.firmware'), children: station.fwVersion ?? dash },
              { key: 'protocol', label: t('card.protocol'), children: station.ocppProtocol ?? dash },
              { key: 'tenant', label: t('card.tenant'), children: station.tenantName },
              {
                key: 'firmwareStatus',
                label: t('card.firmwareStatus'),
                children: (
                  <span data-testid="station-firmware-status">
                    {statusAt('firmwareStatuses', station.firmwareStatus, station.firmwareStatusTimestamp)}
                  </span>
                ),
              },
              {
                key: 'diagnosticsStatus',
                label: t('card.diagnosticsStatus'),
                children: (
                  <span data-testid="station-diagnostics-status">
                    {statusAt('diagnosticsStatuses', station.diagnosticsStatus, station.diagnosticsStatusTimestamp)}
                  </span>
                ),
              },
              ...(station.chargingProfiles.length
                ? [
                    {
                      key: 'profiles',
                      label: t('card.chargingProfiles', { count: station.chargingProfiles.length }),
                      span: 'filled' as const,
                      children: (
                        <Flex wrap gap={4} style={{ minWidth: 0 }} data-testid="station-charging-profiles">
                          {[...station.chargingProfiles]
                            .sort((a, b) => a.connectorId - b.connectorId || a.chargingProfilePk - b.chargingProfilePk)
                            .map((p) => (
                              <Tag
                                key={`${p.connectorId}-${p.chargingProfilePk}`}
                                icon={<ThunderboltOutlined aria-hidden="true" />}
                                title={t(`card.profilePurposes.${p.purpose}`)}
                                style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}
                              >
                                {p.description} ·{' '}
                                {p.connectorId === 0 ? t('card.profileStation') : t('card.profileConnector', { connector: p.connectorId })}
                              </Tag>
                            ))}
                        </Flex>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {canEdit || canDelete ? (
            <div className="station-card__actions">
              {canEdit ? (
                <Button
                  icon={<EditOutlined aria-hidden="true" />}
                  onClick={() => navigate(`/stations/edit/${station.chargeBoxPk}`)}
                  data-testid="edit-station"
                >
                  {t('card.edit')}
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  onClick={confirmDelete}
                  loading={remove.isPending}
                  data-testid="delete-station"
                >
                  {t('card.delete')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <div className="station-card__grid">
        <div className="station-card__panel">
          <Typography.Title level={5} className="station-card__panel-title">
            {t('card.events')}
          </Typography.Title>
          <StationEvents chargeBoxId={station.chargeBoxId} />
        </div>
        <div className="station-card__panel">
          <Typography.Title level={5} className="station-card__panel-title">
            {t('card.transactions')}
          </Typography.Title>
          {/* Its stop button speaks the transactions screen's texts, fetched when first shown. */}
          <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
            <StationTransactions pk={station.chargeBoxPk} />
          </Suspense>
        </div>
      </div>
      <div className="station-card__panel station-card__panel--wide">
        <Typography.Title level={5} className="station-card__panel-title">
          {t('card.energyTitle')}
        </Typography.Title>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <EnergyChart pk={station.chargeBoxPk} />
        </Suspense>
      </div>
    </section>
  );
}
