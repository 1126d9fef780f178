import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMeterMeasurement } from '../api/get-meter-measurement';

/** The meter's status at the top right of the group (002 §2): online, offline, or unknown when it cannot be read. */
export function MeterBadge({ deviceRemoteId }: { deviceRemoteId: string }) {
  const { t } = useTranslation('virtualGroups');
  const meter = useMeterMeasurement(deviceRemoteId);
  const state = meter.data ? (meter.data.status === 1 ? 'online' : 'offline') : meter.isError ? 'unknown' : 'loading';
  const status = { online: 'success', offline: 'error', unknown: 'warning', loading: 'processing' } as const;
  const text = {
    online: t('meter.badgeOnline'),
    offline: t('meter.badgeOffline'),
    unknown: t('meter.fetchFailed'),
    loading: t('meter.badgeLoading'),
  }[state];
  return (
    <Tooltip title={deviceRemoteId}>
      <span
        className={`sc-badge sc-badge--${state}`}
        role="status"
        aria-label={t('meter.badgeLabel', { id: deviceRemoteId, status: text })}
        tabIndex={0}
        data-testid="sc-meter-badge"
        data-state={state}
      >
        <Badge status={status[state]} text={text} />
      </span>
    </Tooltip>
  );
}
