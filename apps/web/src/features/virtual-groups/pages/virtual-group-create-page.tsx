import { useId, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Skeleton, Switch } from 'antd';
import { ArrowLeftOutlined, AppstoreAddOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import type { Tenant } from '@recarga/contracts/tenants';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { defaultTenant } from '../../../lib/default-tenant';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { useCreateVirtualGroup } from '../api/create-virtual-group';
import { usePricingProfiles } from '../api/get-pricing-profiles';
import { ChosenChargers } from '../components/chosen-chargers';
import { HeldChargersNotice } from '../components/held-chargers-notice';
import { PricingFields } from '../components/pricing-fields';
import { useServerFieldErrors } from '../components/use-server-field-errors';
import {
  CREATE_PATH,
  PICKER_PATH,
  createPayload,
  emptyDraft,
  isDraftTouched,
  readDraft,
  smartDraftFromForm,
  smartFormFromDraft,
  type ChosenCharger,
  type PickerState,
  type VirtualGroupDraft,
} from '../model/group-draft';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '../model/limits';
import { connectorFields, type PricingFormValues } from '../model/pricing-form';
import { usableProfiles } from '../model/usable-profiles';
import { SmartChargingFields } from '../smart-charging/components/smart-charging-fields';
import { useSmartFieldErrors } from '../smart-charging/components/use-smart-field-errors';
import type { SmartChargingFormValues } from '../smart-charging/model/smart-charging-form';
import { isInvalidChargersError, smartFailure } from '../smart-charging/model/server-texts';
import '../virtual-groups.css';

const LIST_PATH = '/virtual-groups';

type CreateFormValues = Omit<VirtualGroupDraft, 'charge_boxs' | 'smart_charging'> & { smart_charging: SmartChargingFormValues };

/**
 * /virtual-groups/create (002 §2, §5): name, description, chargers (chosen in the picker, which
 * gets the draft and gives it back), pricing, and smart charging with DASH_SMART_CHARGING_CREATE.
 */
export function VirtualGroupCreatePage() {
  const { t } = useTranslation('virtualGroups');
  const location = useLocation();
  const session = useSession();
  const tenants = useTenants();
  const returned = useMemo(() => readDraft((location.state as { draft?: unknown } | null)?.draft), [location.state]);
  const ready = tenants.data || tenants.isError;
  const draft = returned ?? emptyDraft(tenants.data ? defaultTenant(tenants.data, session?.user.tenant_pk)?.tenant_pk : undefined);

  return (
    <>
      <PageHeader
        title={t('form.createTitle')}
        subtitle={t('form.createSubtitle')}
        extra={
          <Link to={LIST_PATH}>
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {ready ? (
        <CreateForm key={location.key} draft={draft} tenants={tenants.data ?? []} />
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </>
  );
}

function CreateForm({ draft, tenants }: { draft: VirtualGroupDraft; tenants: Tenant[] }) {
  const { t } = useTranslation('virtualGroups');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateFormValues>();
  const [chosen, setChosen] = useState<ChosenCharger[]>(draft.charge_boxs);
  const [dirty, setDirty] = useState(() => isDraftTouched(draft));
  const leave = useLeaveGuard(dirty);
  const create = useCreateVirtualGroup();
  const profiles = usePricingProfiles();
  const tenantId = Form.useWatch('tenant_id', form) ?? draft.tenant_id;
  const usable = profiles.data ? usableProfiles(profiles.data, tenants, tenantId) : undefined;
  const placeErrors = useServerFieldErrors(form);
  const placeSmartErrors = useSmartFieldErrors(form, ['smart_charging']);
  // 002 §6: the smart charging section with DASH_SMART_CHARGING_CREATE.
  const smart = useHasRole(roles.smartChargingCreate);
  const smartSwitchId = useId();
  const [initial] = useState<CreateFormValues>(() => ({
    name: draft.name,
    description: draft.description,
    tenant_id: draft.tenant_id,
    dynamic_pricing: draft.dynamic_pricing,
    smart_charging: smartFormFromDraft(draft.smart_charging),
  }));
  const smartOn = (Form.useWatch(['smart_charging', 'enabled'], form) as boolean | undefined) ?? initial.smart_charging.enabled;

  const current = (): VirtualGroupDraft => {
    const values = { ...initial, ...(form.getFieldsValue(true) as CreateFormValues) };
    return { ...values, charge_boxs: chosen, smart_charging: smartDraftFromForm({ ...initial.smart_charging, ...values.smart_charging }) };
  };

  const toPicker = () => {
    const state: PickerState = { draft: current(), origin: CREATE_PATH };
    leave.release();
    navigate(PICKER_PATH, { state });
  };

  const removeCharger = (id: number) => {
    setChosen((list) => list.filter((c) => c.charge_box_id !== id));
    setDirty(true);
  };

  /** Another network: its chargers and profiles differ, so the choice starts again. */
  const onTenant = (pk: number) => {
    setChosen([]);
    const fit = new Set(usableProfiles(profiles.data ?? [], tenants, pk).map((p) => p.uuid));
    const pricing = form.getFieldValue('dynamic_pricing') as PricingFormValues;
    form.setFields(
      connectorFields
        .filter((f) => pricing[f] && !fit.has(pricing[f]))
        .map((f) => ({ name: ['dynamic_pricing', f], value: null, errors: [] })) as never,
    );
  };

  const toList = () => {
    leave.release();
    navigate(LIST_PATH);
  };

  const succeeded = (id: number, name: string) => {
    let gone = false;
    const go = (path: string) => {
      if (gone) return;
      gone = true;
      handle.destroy();
      navigate(path);
    };
    const handle = modal.success({
      title: t('form.created'),
      content: t('form.createdText', { name }),
      closable: true,
      afterClose: () => go(LIST_PATH),
      footer: (
        <div className="ant-modal-confirm-btns">
          <Button onClick={() => go(`/virtual-groups/view/${id}`)} data-testid="vg-created-open">
            {t('form.open')}
          </Button>
          <Button type="primary" onClick={() => go(LIST_PATH)} autoFocus data-testid="vg-created-list">
            {t('form.toList')}
          </Button>
        </div>
      ),
    });
  };

  /** 002 §8: chargers that cannot join smart charging have their own title; a refused meter is named. */
  const failed = (body: { message?: string; fields?: Record<string, string> } | undefined) => {
    const chargersText = body?.fields?.charge_boxs;
    const invalid = isInvalidChargersError(body?.message);
    const smartText = (() => {
      const failure = smartFailure(body);
      if (failure?.key === 'chargerWithoutConfig' || failure?.key === 'ocpp15Charger')
        return t(`smart.${failure.key}`, { list: failure.list });
      if (failure?.key === 'meterInOtherGroup') return t('meter.taken');
      if (failure?.key === 'meterNotFound') return t('meter.notFound');
      return undefined;
    })();
    const handle = modal.error({
      title: invalid ? t('form.createInvalidChargers') : t('form.createFailed'),
      content: smartText ?? (chargersText ? <HeldChargersNotice text={chargersText} /> : t('form.createFailedText')),
      closable: true,
      footer: (
        <div className="ant-modal-confirm-btns">
          <Button
            onClick={() => {
              handle.destroy();
              toList();
            }}
          >
            {t('form.toList')}
          </Button>
          <Button type="primary" autoFocus onClick={() => handle.destroy()} data-testid="vg-create-retry">
            {t('form.retry')}
          </Button>
        </div>
      ),
    });
  };

  const submit = async () => {
    const values = current();
    try {
      const created = await create.mutateAsync(createPayload(values, smart));
      leave.release();
      setDirty(false);
      succeeded(created.virtual_group_id, values.name.trim());
    } catch (error) {
      const body = isApiError(error) ? error.body : undefined;
      placeErrors(body?.fields, values.dynamic_pricing.enabled ? values.dynamic_pricing.type : undefined);
      if (smart && values.smart_charging.enabled) placeSmartErrors(body?.fields);
      failed(body);
    }
  };

  return (
    <Form<CreateFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onFinishFailed={() => message.error(t('form.invalid'))}
      onValuesChange={() => setDirty(true)}
      aria-label={t('form.createTitle')}
      className="vg-form"
      scrollToFirstError
    >
      <Card variant="borderless" className="section-card">
        <section className="form-section" aria-labelledby="vg-details-title">
          <h3 className="vg-section-title" id="vg-details-title">
            {t('form.details')}
          </h3>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('form.name')}
                rules={[
                  { required: true, whitespace: true, message: t('form.nameRequired') },
                  { max: GROUP_NAME_MAX, message: t('form.max', { max: GROUP_NAME_MAX }) },
                ]}
              >
                <Input
                  maxLength={GROUP_NAME_MAX}
                  showCount
                  placeholder={t('form.namePlaceholder')}
                  autoComplete="off"
                  data-testid="vg-name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="description"
                label={t('form.description')}
                rules={[
                  { required: true, whitespace: true, message: t('form.descriptionRequired') },
                  { max: GROUP_DESCRIPTION_MAX, message: t('form.max', { max: GROUP_DESCRIPTION_MAX }) },
                ]}
              >
                <Input
                  maxLength={GROUP_DESCRIPTION_MAX}
                  showCount
                  placeholder={t('form.descriptionPlaceholder')}
                  autoComplete="off"
                  data-testid="vg-description"
                />
              </Form.Item>
            </Col>
            {tenants.length > 1 ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="tenant_id"
                  label={t('form.tenant')}
                  extra={t('form.tenantHint')}
                  rules={[{ required: true, message: t('form.required') }]}
                >
                  <Select
                    showSearch={foldedSearch()}
                    options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
                    onChange={onTenant}
                    data-testid="vg-tenant"
                  />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </section>

        <section className="form-section" aria-labelledby="vg-chargers-title">
          <div className="vg-section-head">
            <h3 className="vg-section-title" id="vg-chargers-title">
              {t('form.chargers')}
              {chosen.length ? <span className="vg-muted"> · {t('form.chosenCount', { count: chosen.length })}</span> : null}
            </h3>
            <Button icon={<AppstoreAddOutlined aria-hidden="true" />} onClick={toPicker} data-testid="vg-choose-chargers">
              {chosen.length ? t('form.changeChargers') : t('form.chooseChargers')}
            </Button>
          </div>
          <p className="vg-hint">{t('form.chargersHint')}</p>
          <ChosenChargers chargers={chosen} onRemove={removeCharger} />
        </section>

        <section className="form-section" aria-labelledby="vg-pricing-title">
          <h3 className="vg-section-title" id="vg-pricing-title">
            {t('pricing.title')}
          </h3>
          <PricingFields profiles={usable} profilesFailed={profiles.isError} onRetryProfiles={() => void profiles.refetch()} />
        </section>

        {smart ? (
          <section className="form-section" aria-labelledby="vg-smart-title" data-testid="vg-smart">
            <h3 className="vg-section-title" id="vg-smart-title">
              {t('view.tabs.smartCharging')}
            </h3>
            <div className="switch-row">
              <div className="switch-row__text">
                <label htmlFor={smartSwitchId} className="switch-row__label">
                  {t('smart.enabled')}
                </label>
                <span className="switch-row__description" id={`${smartSwitchId}-description`}>
                  {t('smart.enabledHint')}
                </span>
              </div>
              <Form.Item name={['smart_charging', 'enabled']} valuePropName="checked" noStyle>
                <Switch id={smartSwitchId} aria-describedby={`${smartSwitchId}-description`} data-testid="vg-smart-enabled" />
              </Form.Item>
            </div>
            <SmartChargingFields prefix={['smart_charging']} groupId={null} enabled={smartOn} showInCircuit={false} />
          </section>
        ) : null}

        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={() => navigate(LIST_PATH)}
          submitLabel={t('form.create')}
          saving={create.isPending}
          submitTestId="vg-submit"
        />
      </Card>
    </Form>
  );
}
