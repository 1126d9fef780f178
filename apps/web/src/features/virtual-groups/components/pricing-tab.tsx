import { useState } from 'react';
import { Card, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupPricingAnswer, VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { FormFooter } from '../../../components/form-footer';
import { LoadError } from '../../../components/load-error';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useGroupPricing } from '../api/get-group-pricing';
import { usePricingProfiles } from '../api/get-pricing-profiles';
import { useSaveGroupPricing } from '../api/save-group-pricing';
import { pricingFromSaved, pricingPayload, type PricingFormValues } from '../model/pricing-form';
import { usableProfiles } from '../model/usable-profiles';
import { PricingFields, type WithPricing } from './pricing-fields';
import { useServerFieldErrors } from './use-server-field-errors';

/** The group's pricing profile tab (002 §4): on or off, per station or per connector, saved on its own. */
export function PricingTab({ group }: { group: VirtualGroupDetail }) {
  const { t } = useTranslation('virtualGroups');
  const pricing = useGroupPricing(group.virtual_group_id);
  if (pricing.isError)
    return (
      <Card variant="borderless" className="section-card">
        <LoadError title={t('pricing.loadError')} retryText={t('pricing.retry')} onRetry={() => void pricing.refetch()} />
      </Card>
    );
  // The form takes its values once: wait for the setting as it is now.
  if (!pricing.data || !pricing.isFetchedAfterMount)
    return (
      <Card variant="borderless" className="section-card">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  return <PricingForm group={group} saved={pricing.data} />;
}

function PricingForm({ group, saved }: { group: VirtualGroupDetail; saved: GroupPricingAnswer }) {
  const { t } = useTranslation('virtualGroups');
  const { message } = useFeedback();
  const [form] = Form.useForm<WithPricing>();
  // What Cancel goes back to: the saved setting, then what this form saved.
  const [baseline, setBaseline] = useState<WithPricing>(() => ({ dynamic_pricing: pricingFromSaved(saved) }));
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const save = useSaveGroupPricing(group.virtual_group_id);
  const profiles = usePricingProfiles();
  const tenants = useTenants();
  const placeErrors = useServerFieldErrors(form);
  const usable = profiles.data ? usableProfiles(profiles.data, tenants.data ?? [], group.tenant_id) : undefined;

  const submit = async () => {
    const values = form.getFieldValue('dynamic_pricing') as PricingFormValues;
    try {
      await save.mutateAsync(pricingPayload(values));
      message.success(t('pricing.saved'));
      setBaseline({ dynamic_pricing: values });
      setDirty(false);
    } catch (error) {
      message.error(t('pricing.saveFailed'));
      placeErrors(isApiError(error) ? error.body?.fields : undefined, values.enabled ? values.type : undefined);
    }
  };

  return (
    <Form<WithPricing>
      form={form}
      layout="vertical"
      initialValues={baseline}
      onFinish={() => void submit()}
      onFinishFailed={() => message.error(t('pricing.saveFailed'))}
      onValuesChange={() => setDirty(true)}
      aria-label={t('view.tabs.pricing')}
      className="vg-form"
    >
      <Card variant="borderless" className="section-card">
        <PricingFields profiles={usable} profilesFailed={profiles.isError} onRetryProfiles={() => void profiles.refetch()} />
        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={() => {
            form.resetFields();
            setDirty(false);
          }}
          submitLabel={t('pricing.save')}
          saving={save.isPending}
          disabled={!dirty}
          submitTestId="vg-pricing-save"
        />
      </Card>
    </Form>
  );
}
