import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { chargingRateUnits } from '@recarga/contracts/operation-commands';
import type { OperationOptions } from '@recarga/contracts/operations';
import { durationText } from '../../../lib/format/duration-text';
import { connectorChoices } from '../model/connector-choices';

/** 001 / OCPP 1.6: GetCompositeSchedule looks at most a week ahead. */
const MAX_DURATION = 604_800;

/** GetCompositeSchedule: the connector (0 — the station as a whole), how far ahead, and optionally the unit. */
export function CompositeScheduleFields({ options, selected }: { options: OperationOptions | undefined; selected: string[] }) {
  const { t } = useTranslation('operations');
  const form = Form.useFormInstance();
  const duration = Form.useWatch('durationInSeconds', form) as number | null | undefined;
  const required = { required: true, message: t('validation.required') };
  return (
    <>
      <Form.Item name="connectorId" label={t('form.connectorId')} rules={[required]}>
        <Select options={connectorChoices(options, selected, t('form.connectorAll'))} notFoundContent={t('form.selectStationFirst')} />
      </Form.Item>
      <Form.Item
        name="durationInSeconds"
        label={t('form.durationInSeconds')}
        initialValue={3600}
        rules={[required]}
        extra={duration ? t('form.durationHint', { duration: durationText(duration), max: durationText(MAX_DURATION) }) : undefined}
      >
        <InputNumber min={1} max={MAX_DURATION} precision={0} suffix="s" className="operations-form__number" />
      </Form.Item>
      <Form.Item name="chargingRateUnit" label={t('form.chargingRateUnit')}>
        <Select
          allowClear
          placeholder={t('form.chargingRateUnitAny')}
          options={chargingRateUnits.map((unit) => ({ value: unit, label: t(`form.units.${unit}`) }))}
        />
      </Form.Item>
    </>
  );
}
