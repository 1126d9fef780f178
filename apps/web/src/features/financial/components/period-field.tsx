import { useMemo, useState } from 'react';
import { DatePicker, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dateFormat } from '../../../lib/format/date-time';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { isDayDisabled, monthOf, monthOptions, type Period } from '../model/period';

const CUSTOM = 'custom';

interface Props {
  value: Period;
  onChange: (period: Period) => void;
  /** Why the period cannot be asked for (shown under the picker). */
  error?: string;
}

/** The month selector (this month and the two before it) or a custom period of whole days (000 §2). */
export function PeriodField({ value, onChange, error }: Props) {
  const { t } = useTranslation('financial');
  const tag = useLanguageTag();
  const [pickerOpen, setPickerOpen] = useState(false);
  const months = useMemo(() => {
    const name = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' });
    return monthOptions().map((m, i) => {
      const text = name.format(m.month.toDate());
      const label = text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);
      // The list names the current month 'Novembro de 2026 (até hoje)'; the field shows the month alone.
      return { ...m, title: label, label: i === 0 ? t('filters.currentMonth', { month: label }) : label };
    });
  }, [tag, t]);
  const selected = monthOf(value) ?? CUSTOM;

  return (
    <>
      <div className="fin-field fin-field--month">
        <label className="fin-field__label" htmlFor="fin-month">
          {t('filters.period')}
        </label>
        <Select
          id="fin-month"
          value={selected}
          onChange={(key: string) => {
            const month = months.find((m) => m.key === key);
            if (month) onChange(month.period);
            else setPickerOpen(true);
          }}
          options={[
            ...months.map((m) => ({ value: m.key, label: m.label, title: m.title })),
            { value: CUSTOM, label: t('filters.custom'), title: t('filters.custom') },
          ]}
          optionLabelProp="title"
          popupMatchSelectWidth={false}
          data-testid="fin-month"
        />
      </div>
      <div className="fin-field fin-field--range">
        <span className="fin-field__label" id="fin-range-label">
          {t('filters.dates')}
        </span>
        <DatePicker.RangePicker
          value={value}
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          format={dateFormat}
          allowClear={false}
          // Once one end is picked (`from`), the days that would make the period longer than 365 days are off too.
          disabledDate={(day, info) => isDayDisabled(day, dayjs(), info?.from)}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) onChange([dates[0].startOf('day'), dates[1].startOf('day')]);
          }}
          placeholder={[t('filters.periodStart'), t('filters.periodEnd')]}
          status={error ? 'error' : undefined}
          aria-labelledby="fin-range-label"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fin-period-error' : undefined}
          className="fin-range"
          data-testid="fin-period"
        />
        {error ? (
          <div id="fin-period-error" className="fin-field__error" role="alert" data-testid="fin-period-error">
            {error}
          </div>
        ) : null}
      </div>
    </>
  );
}
