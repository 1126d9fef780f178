import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alertSeverities, notificationTypes, type AlertSeverity, type NotificationType } from '@recarga/contracts/notification-types';
import { StationSelect } from '../../../components/station-select';

export const alertPeriods = ['24h', '7d', '30d'] as const;
export type AlertPeriod = (typeof alertPeriods)[number];
export const ackStates = ['open', 'done'] as const;
export type AckState = (typeof ackStates)[number];

export interface AlertFilterValues {
  severity: AlertSeverity[];
  type: NotificationType[];
  station?: number;
  period?: AlertPeriod;
  ack?: AckState;
}

/** The alerts list's filters: severity, event type, station, period of reception, acknowledgement. */
export function AlertFilters({ value, onChange }: { value: AlertFilterValues; onChange: (patch: Partial<AlertFilterValues>) => void }) {
  const { t } = useTranslation('alerts');
  const { t: tn } = useTranslation('notifications');
  return (
    <div className="alerts-filters" role="group" aria-label={t('filters.label')} data-testid="alerts-filters">
      <div className="alerts-filter">
        <span className="alerts-filter__label" aria-hidden="true">
          {t('filters.severity')}
        </span>
        <Select<AlertSeverity[]>
          mode="multiple"
          allowClear
          value={value.severity}
          onChange={(severity) => onChange({ severity })}
          placeholder={t('filters.severityPlaceholder')}
          aria-label={t('filters.severity')}
          options={alertSeverities.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
          maxTagCount="responsive"
          data-testid="alerts-filter-severity"
        />
      </div>
      <div className="alerts-filter">
        <span className="alerts-filter__label" aria-hidden="true">
          {t('filters.type')}
        </span>
        <Select<NotificationType[]>
          mode="multiple"
          allowClear
          value={value.type}
          onChange={(type) => onChange({ type })}
          placeholder={t('filters.typePlaceholder')}
          aria-label={t('filters.type')}
          options={notificationTypes.map((type) => ({ value: type, label: tn(`events.${type}`) }))}
          maxTagCount="responsive"
          data-testid="alerts-filter-type"
        />
      </div>
      <div className="alerts-filter">
        <span className="alerts-filter__label" aria-hidden="true">
          {t('filters.station')}
        </span>
        <StationSelect
          allowClear
          value={value.station ?? null}
          onChange={(station) => onChange({ station })}
          placeholder={t('filters.stationPlaceholder')}
          aria-label={t('filters.station')}
          data-testid="alerts-filter-station"
        />
      </div>
      <div className="alerts-filter alerts-filter--narrow">
        <span className="alerts-filter__label" aria-hidden="true">
          {t('filters.period')}
        </span>
        <Select<AlertPeriod | 'all'>
          value={value.period ?? 'all'}
          onChange={(period) => onChange({ period: period === 'all' ? undefined : period })}
          aria-label={t('filters.period')}
          options={[
            { value: 'all', label: t('filters.periods.all') },
            ...alertPeriods.map((p) => ({ value: p, label: t(`filters.periods.${p}`) })),
          ]}
          data-testid="alerts-filter-period"
        />
      </div>
      <div className="alerts-filter alerts-filter--narrow">
        <span className="alerts-filter__label" aria-hidden="true">
          {t('filters.acknowledged')}
        </span>
        <Select<AckState | 'all'>
          value={value.ack ?? 'all'}
          onChange={(ack) => onChange({ ack: ack === 'all' ? undefined : ack })}
          aria-label={t('filters.acknowledged')}
          options={[
            { value: 'all', label: t('filters.acknowledgedOptions.all') },
            { value: 'open', label: t('filters.acknowledgedOptions.open') },
            { value: 'done', label: t('filters.acknowledgedOptions.done') },
          ]}
          data-testid="alerts-filter-ack"
        />
      </div>
    </div>
  );
}
