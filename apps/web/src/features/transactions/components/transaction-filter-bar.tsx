import { DatePicker, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { revenueStatuses, type RevenueStatus } from '@recarga/contracts/transactions';
import { StationSelect } from '../../../components/station-select';
import { dateFormat } from '../../../lib/format/date-time';
import { isDateDisabled, normaliseRange, type DateRange } from '../model/date-range';
import { DisabledOption } from './disabled-option';
import { TagSearchSelect } from './tag-search-select';

export interface FilterState {
  search: string;
  range: DateRange;
  chargeBoxPk?: number;
  userOcppTag?: string;
  paymentStatus: RevenueStatus | '';
}

interface Props {
  value: FilterState;
  onChange: (next: FilterState) => void;
  onSearch: (text: string) => void;
  /** Why the period asked for is not queried (shown under the picker). */
  rangeError?: string;
  financial: boolean;
  optionsDisabled: boolean;
}

function presets(t: (key: string) => string): { label: string; value: [Dayjs, Dayjs] }[] {
  const now = dayjs();
  return [
    { label: t('filters.presetToday'), value: [now.startOf('day'), now.endOf('day')] },
    { label: t('filters.presetLast7'), value: [now.subtract(6, 'day').startOf('day'), now.endOf('day')] },
    { label: t('filters.presetLast30'), value: [now.subtract(29, 'day').startOf('day'), now.endOf('day')] },
    { label: t('filters.presetThisMonth'), value: [now.startOf('month'), now.endOf('day')] },
  ];
}

/** Text search, tag search, station, revenue status and period of the transaction list. */
export function TransactionFilterBar({ value, onChange, onSearch, rangeError, financial, optionsDisabled }: Props) {
  const { t } = useTranslation('transactions');

  return (
    <div className="tx-filters" role="search" aria-label={t('filters.label')}>
      <Input
        className="tx-filters__search"
        allowClear
        value={value.search}
        onChange={(e) => onSearch(e.target.value)}
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        maxLength={100}
        data-testid="tx-search"
      />
      <div className="tx-filters__period-field">
        <DatePicker.RangePicker
          className="tx-filters__period"
          status={rangeError ? 'error' : undefined}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? 'tx-period-error' : undefined}
          value={value.range}
          format={dateFormat}
          allowClear={false}
          allowEmpty={[false, false]}
          presets={presets(t)}
          disabledDate={(day, info) => isDateDisabled(day, dayjs(), { from: info?.from, to: info?.from })}
          onChange={(dates) => {
            if (!dates?.[0] || !dates[1]) return;
            // A period that breaks a rule is still taken: the list says why under the picker.
            onChange({ ...value, range: normaliseRange([dates[0], dates[1]]) });
          }}
          placeholder={[t('filters.periodStart'), t('filters.periodEnd')]}
          aria-label={t('filters.period')}
          data-testid="tx-period"
        />
        {rangeError ? (
          <div id="tx-period-error" className="tx-filters__period-error" role="alert" data-testid="tx-period-error">
            {rangeError}
          </div>
        ) : null}
      </div>
      <StationSelect
        className="tx-filters__station"
        allowClear
        value={value.chargeBoxPk}
        onChange={(pk) => onChange({ ...value, chargeBoxPk: pk })}
        placeholder={t('filters.allStations')}
        aria-label={t('filters.station')}
        popupMatchSelectWidth={320}
        data-testid="tx-station"
      />
      <DisabledOption disabled={optionsDisabled} testId="tx-tag-disabled">
        <TagSearchSelect
          value={value.userOcppTag}
          onChange={(tag) => onChange({ ...value, userOcppTag: tag })}
          disabled={optionsDisabled}
        />
      </DisabledOption>
      {financial ? (
        <Select
          className="tx-filters__revenue"
          value={value.paymentStatus}
          onChange={(status: RevenueStatus | '') => onChange({ ...value, paymentStatus: status })}
          aria-label={t('filters.revenue')}
          options={[
            { value: '', label: t('filters.revenueAll') },
            ...revenueStatuses.map((s) => ({ value: s, label: t(`filters.revenue${s}`) })),
          ]}
          data-testid="tx-revenue"
        />
      ) : null}
    </div>
  );
}
