import { DatePicker, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_RESERVATION_HOURS } from '@recarga/contracts/operation-commands';
import type { OperationOptions } from '@recarga/contracts/operations';
import { dateTimeFormat } from '../../../lib/format/date-time';
import { connectorChoices } from '../model/connector-choices';
import { defaultExpiry, disabledExpiryTime, expiryProblem, isExpiryDayDisabled } from '../model/reservation-expiry';
import { TagAutoComplete } from './tag-auto-complete';

/**
 * ReserveNow: the connector (0 — any connector of the station), the tag the reservation is for and
 * when it ends — an hour from now unless changed, never in the past nor more than
 * MAX_RESERVATION_HOURS ahead.
 */
export function ReserveNowFields({
  options,
  selected,
  onTagSearch,
}: {
  options: OperationOptions | undefined;
  selected: string[];
  onTagSearch: (text: string) => void;
}) {
  const { t } = useTranslation('operations');
  const required = { required: true, message: t('validation.required') };
  return (
    <>
      <Form.Item name="connectorId" label={t('form.connectorId')} rules={[required]}>
        <Select options={connectorChoices(options, selected, t('form.connectorAll'))} notFoundContent={t('form.selectStationFirst')} />
      </Form.Item>
      <Form.Item name="idTag" label={t('form.idTag')} rules={[required]}>
        <TagAutoComplete tags={options?.idTagList} onSearch={onTagSearch} />
      </Form.Item>
      <Form.Item
        name="expiry"
        label={t('form.expiry')}
        initialValue={defaultExpiry(dayjs())}
        extra={t('form.expiryHint', { hours: MAX_RESERVATION_HOURS })}
        rules={[
          required,
          {
            validator: (_, value: Dayjs | null | undefined) => {
              const problem = value ? expiryProblem(value, dayjs()) : null;
              if (problem === 'past') return Promise.reject(new Error(t('validation.expiryPast')));
              if (problem === 'tooFar') return Promise.reject(new Error(t('validation.expiryTooFar', { hours: MAX_RESERVATION_HOURS })));
              return Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={dateTimeFormat}
          showNow={false}
          disabledDate={(day) => isExpiryDayDisabled(day, dayjs())}
          disabledTime={(day) => disabledExpiryTime(day, dayjs())}
          className="operations-form__date"
        />
      </Form.Item>
    </>
  );
}
