import { lazy, Suspense, useState } from 'react';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../utils/stats-period';

const loadRangeField = () => import('./period-range-field');
const PeriodRangeField = lazy(() => loadRangeField().then((m) => ({ default: m.PeriodRangeField })));

/**
 * The dashboard's period. The range picker (calendar, presets, date parsing: 28 KB gzip) is not part
 * of the first screen every operator opens: until the period is reached for, a button shows the
 * same two dates; pointing at it or focusing it fetches the picker, and choosing it opens the picker
 * in its place (issue 40 item 20: the general view's weight as the browser loads it).
 */
export function PeriodPicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const { t } = useTranslation('home');
  const [active, setActive] = useState(false);
  const [from, to] = [value[0].format('DD/MM/YYYY'), value[1].format('DD/MM/YYYY')];
  const button = (
    <button
      type="button"
      className="period-picker-lite"
      data-testid="period-picker-lite"
      aria-label={`${t('period.label')}: ${from} – ${to}`}
      aria-haspopup="dialog"
      onPointerEnter={() => void loadRangeField()}
      onFocus={() => void loadRangeField()}
      onClick={() => setActive(true)}
    >
      <span>{from}</span>
      <SwapRightOutlined className="period-picker-lite__arrow" />
      <span>{to}</span>
      <CalendarOutlined className="period-picker-lite__icon" />
    </button>
  );
  if (!active) return button;
  return (
    <Suspense fallback={button}>
      <PeriodRangeField value={value} onChange={onChange} />
    </Suspense>
  );
}
