import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dateFormat } from '../../../../lib/format/date-time';
import { useNumberFormat } from '../../../../lib/format/use-number-format';
import { useGroupSmartCharging } from '../api/get-group-smart-charging';

/** The overview's smart charging (002 §2, with DASH_SMART_CHARGING_CREATE): on or off, and the breaker, period and meter. */
export function SmartSummary({ groupId, enabled }: { groupId: number; enabled: boolean }) {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  const saved = useGroupSmartCharging(groupId).data;
  const shown = (d: string | null) => (d ? dayjs(d).format(dateFormat) : '—');
  return (
    <div className="sc-summary" data-testid="vg-smart-summary">
      {enabled ? (
        <Tag color="success" variant="filled">
          {t('status.on')}
        </Tag>
      ) : (
        <Tag variant="filled">{t('status.off')}</Tag>
      )}
      {saved && saved.smart_charging_id !== null ? (
        <span className="vg-muted">
          {[
            saved.current_nominal_a !== null ? t('smart.summaryBreaker', { a: fmt.decimal(saved.current_nominal_a, 1) }) : null,
            saved.start_date || saved.end_date
              ? t('smart.summaryPeriod', { start: shown(saved.start_date), end: shown(saved.end_date) })
              : null,
            saved.meter_device_remote_id ? t('smart.summaryMeter', { id: saved.meter_device_remote_id }) : t('status.noMeter'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      ) : saved ? (
        <span className="vg-muted">{t('smart.summaryNone')}</span>
      ) : null}
    </div>
  );
}
