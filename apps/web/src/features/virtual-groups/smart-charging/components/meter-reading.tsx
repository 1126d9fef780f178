import { useTranslation } from 'react-i18next';
import type { MeterMeasurement } from '@recarga/contracts/meters';
import { formatDateTime } from '../../../../lib/format/date-time';
import { useNumberFormat } from '../../../../lib/format/use-number-format';

const phases = [
  ['01', 'A'],
  ['02', 'B'],
  ['03', 'C'],
] as const;

/**
 * A meter's state (002 §4): offline (status not 1) with 'O medidor está offline', or connected
 * with its latest reading's time and phases A, B and C in amperes to two decimals.
 */
export function MeterReading({ meter }: { meter: MeterMeasurement }) {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  if (meter.status !== 1)
    return (
      <div className="sc-reading sc-reading--offline" data-testid="sc-meter-offline">
        <strong>{t('meter.offline')}</strong>
        <span className="vg-muted">
          {meter.timestamp ? t('meter.lastReading', { when: formatDateTime(meter.timestamp) }) : t('meter.noReading')}
        </span>
      </div>
    );
  return (
    <div className="sc-reading" data-testid="sc-meter-online">
      <strong className="sc-reading__status">{t('meter.online')}</strong>
      <span className="vg-muted">{t('meter.lastReading', { when: formatDateTime(meter.timestamp) })}</span>
      <dl className="sc-phases">
        {phases.map(([key, name]) => (
          <div key={key} className="sc-phases__item">
            <dt>{t('meter.phase', { phase: name })}</dt>
            <dd data-testid={`sc-phase-${name}`}>{`${fmt.decimal(meter.current?.[key] ?? 0, 2)} A`}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
