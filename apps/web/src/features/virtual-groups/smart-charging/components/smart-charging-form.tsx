import { useState } from 'react';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupSmartCharging } from '@recarga/contracts/smart-charging';
import { FormFooter } from '../../../../components/form-footer';
import { SwitchField } from '../../../../components/switch-field';
import { useLeaveGuard } from '../../../../components/use-leave-guard';
import { isApiError } from '../../../../lib/api-error';
import { useFeedback } from '../../../../lib/use-feedback';
import { useCreateSmartCharging, useUpdateSmartCharging } from '../api/save-smart-charging';
import { createPayload, emptyForm, formFromSaved, updatePayload, type SmartChargingFormValues } from '../model/smart-charging-form';
import { smartFailure } from '../model/server-texts';
import { SmartChargingFields } from './smart-charging-fields';
import { useSmartFieldErrors } from './use-smart-field-errors';

interface Props {
  groupId: number;
  /** The group's smart charging; `smart_charging_id` null: the create form (002 §2). */
  saved: GroupSmartCharging;
}

/**
 * The group's smart-charging form (002 §4, §5): the create form when the group has no record,
 * otherwise the edit form. Smart charging on shows the dates, the breaker and the meter.
 */
export function SmartChargingForm({ groupId, saved }: Props) {
  const { t } = useTranslation('virtualGroups');
  const { modal } = useFeedback();
  const [form] = Form.useForm<SmartChargingFormValues>();
  const creating = saved.smart_charging_id === null;
  const [initial] = useState<SmartChargingFormValues>(() => (creating ? emptyForm() : formFromSaved(saved)));
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const enabled = Form.useWatch('enabled', form) ?? initial.enabled;
  const create = useCreateSmartCharging(groupId);
  const update = useUpdateSmartCharging(groupId);
  const placeErrors = useSmartFieldErrors(form, []);

  const submit = async (values: SmartChargingFormValues) => {
    const all = { ...initial, ...values };
    try {
      if (creating) await create.mutateAsync({ create: createPayload(all, []), update: updatePayload(all) });
      else await update.mutateAsync({ id: saved.smart_charging_id!, body: updatePayload(all) });
      setDirty(false);
      modal.success({ title: creating ? t('smart.created') : t('smart.updated'), okText: t('smart.ok') });
    } catch (error) {
      const body = isApiError(error) ? error.body : undefined;
      // Field errors go on their fields (a tuning field's opens its section); the dialog then says so.
      const placed = placeErrors(body?.fields);
      const failure = smartFailure(body);
      const detail =
        failure === null || (failure.key === 'other' && placed)
          ? placed
            ? t('smart.fieldsRefused')
            : undefined
          : failure.key === 'other'
            ? failure.text
            : failure.key === 'chargerWithoutConfig' || failure.key === 'ocpp15Charger'
              ? t(`smart.${failure.key}`, { list: failure.list })
              : failure.key === 'meterInOtherGroup'
                ? t('meter.taken')
                : t('meter.notFound');
      modal.error({ title: creating ? t('smart.createFailed') : t('smart.updateFailed'), content: detail, okText: t('smart.ok') });
    }
  };

  return (
    <Form<SmartChargingFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setDirty(true)}
      aria-label={t('view.tabs.smartCharging')}
      className="vg-form sc-form"
      requiredMark={false}
      data-testid={creating ? 'sc-create-form' : 'sc-edit-form'}
    >
      <Card variant="borderless" className="section-card">
        <h2 className="vg-section-title">{creating ? t('smart.createTitle') : t('smart.editTitle')}</h2>
        {creating ? <p className="vg-muted sc-intro">{t('smart.createHint')}</p> : null}
        <SwitchField name="enabled" label={t('smart.enabled')} description={t('smart.enabledHint')} />
        <SmartChargingFields prefix={[]} groupId={groupId} enabled={enabled} showInCircuit />
        <FormFooter
          cancelLabel={t('smart.cancel')}
          onCancel={() => {
            form.resetFields();
            setDirty(false);
          }}
          submitLabel={creating ? t('smart.create') : t('smart.save')}
          saving={create.isPending || update.isPending}
          disabled={!creating && !dirty}
          submitTestId="sc-submit"
        />
      </Card>
    </Form>
  );
}
