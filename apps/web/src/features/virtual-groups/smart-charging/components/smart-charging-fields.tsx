import { DatePicker, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../../components/switch-field';
import { dateFormat } from '../../../../lib/format/date-time';
import { BREAKER_MAX_LENGTH, maskBreaker, smartChargingErrors, type SmartChargingFormValues } from '../model/smart-charging-form';
import { MeterControl } from './meter-control';
import { TuningFields } from './tuning-fields';

type Field = 'start_date' | 'end_date' | 'current_nominal_a';

interface Props {
  /** Where the values sit in the form: [] for the tab's own form, ['smart_charging'] in the group's create form. */
  prefix: string[];
  /** The group the meter is for; null on the group's create form. */
  groupId: number | null;
  /** Smart charging on: the dates, breaker and meter show (002 §4). */
  enabled: boolean;
  /** The 'meter in the chargers' circuit' switch; the group's create form always sends true (002 §9). */
  showInCircuit: boolean;
}

/**
 * The smart-charging fields under the 'enabled' switch (002 §4, §5): period, breaker (masked),
 * modulation (always DYNAMIC), the meter, and the load manager's tuning (issue 41). Kept mounted
 * while hidden so their values stay; the rules of `smartChargingErrors` only complain while smart
 * charging is on.
 */
export function SmartChargingFields({ prefix, groupId, enabled, showInCircuit }: Props) {
  const { t } = useTranslation('virtualGroups');
  const form = Form.useFormInstance();
  const name = (field: string) => [...prefix, field];

  /** The 002 §5 rule of one field, over the smart-charging values. */
  const rule = (field: Field): Rule => ({
    validator: async () => {
      const values = (prefix.length ? form.getFieldValue(prefix) : form.getFieldsValue(true)) as SmartChargingFormValues;
      const key = smartChargingErrors(values)[field];
      if (key) throw new Error(t(`smart.${key}`));
    },
  });

  return (
    <div hidden={!enabled} className="sc-fields">
      <div className="sc-grid">
        <Form.Item
          name={name('start_date')}
          label={t('smart.startDate')}
          rules={[rule('start_date')]}
          dependencies={[name('enabled'), name('end_date')]}
        >
          <DatePicker format={dateFormat} placeholder={t('smart.datePlaceholder')} className="sc-date" data-testid="sc-start" />
        </Form.Item>
        <Form.Item name={name('end_date')} label={t('smart.endDate')} rules={[rule('end_date')]} dependencies={[name('enabled')]}>
          <DatePicker format={dateFormat} placeholder={t('smart.datePlaceholder')} className="sc-date" data-testid="sc-end" />
        </Form.Item>
        <Form.Item
          name={name('current_nominal_a')}
          label={t('smart.breaker')}
          extra={t('smart.breakerHint')}
          normalize={(value: string) => maskBreaker(value ?? '')}
          rules={[rule('current_nominal_a')]}
          dependencies={[name('enabled')]}
        >
          <Input inputMode="decimal" maxLength={BREAKER_MAX_LENGTH} suffix="A" autoComplete="off" data-testid="sc-breaker" />
        </Form.Item>
        <Form.Item label={t('smart.modulation')} htmlFor="sc-modulation">
          <Input id="sc-modulation" value={t('smart.dynamic')} readOnly aria-readonly="true" data-testid="sc-modulation" />
        </Form.Item>
      </div>
      <h3 className="sc-subtitle">{t('smart.meter')}</h3>
      <p className="vg-muted sc-intro">{t('smart.meterHint')}</p>
      <Form.Item name={name('meter_device')} noStyle>
        <MeterControl groupId={groupId} />
      </Form.Item>
      {showInCircuit ? (
        <SwitchField name="meter_device_remote_in_circuit" label={t('smart.inCircuit')} description={t('smart.inCircuitHint')} />
      ) : null}
      <TuningFields prefix={prefix} />
    </div>
  );
}
