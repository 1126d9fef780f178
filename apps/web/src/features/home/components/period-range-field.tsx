import { useState } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { defaultRange, isDisabledDate, normaliseRange, type DateRange } from '../utils/stats-period';

/**
 * The dashboard's period as the component library's range picker: whole days, default the last 7,
 * nothing before 2010-01-01 (000 §2, §5). Loaded when the visitor first reaches for the period
 * (period-picker.tsx), opened at once.
 */
export function PeriodRangeField({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState(true);
  const today = dayjs();
  const presets: { label: string; value: DateRange }[] = [
    { label: t('period.last7'), value: defaultRange(today) },
    { label: t('period.last30'), value: normaliseRange([today.subtract(29, 'day'), today]) },
    { label: t('period.thisMonth'), value: normaliseRange([today.startOf('month'), today]) },
    {
      label: t('period.lastMonth'),
      value: normaliseRange([today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')]),
    },
    { label: t('period.last365'), value: normaliseRange([today.subtract(364, 'day'), today]) },
  ];
  return (
    <DatePicker.RangePicker
      value={value}
      format="DD/MM/YYYY"
      allowClear={false}
      disabledDate={isDisabledDate}
      minDate={dayjs('2010-01-01')}
      presets={presets}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange(normaliseRange([range[0], range[1]]));
      }}
      open={open}
      onOpenChange={setOpen}
      autoFocus
      aria-label={t('period.label')}
      data-testid="period-picker"
      className="period-picker"
    />
  );
}
