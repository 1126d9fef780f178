import { useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import { ArrowLeftOutlined, AppstoreAddOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@recarga/contracts/tenants';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { defaultTenant } from '../../../lib/default-tenant';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
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
  type ChosenCharger,
  type PickerState,
  type VirtualGroupDraft,
} from '../model/group-draft';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '../model/limits';
import { connectorFields, type PricingFormValues } from '../model/pricing-form';
import { usableProfiles } from '../model/usable-profiles';
import '../virtual-groups.css';

const LIST_PATH = '/virtual-groups';

type CreateFormValues = Omit<VirtualGroupDraft, 'charge_boxs'>;

/**
 * /virtual-groups/create (002 §2, §5): name, description, chargers (chosen in the picker, which
 * gets the draft and gives it back) and pricing. Smart charging joins with its issue.
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
  const [initial] = useState<CreateFormValues>(() => ({
    name: draft.name,
    description: draft.description,
    tenant_id: draft.tenant_id,
    dynamic_pricing: draft.dynamic_pricing,
  }));

  const current = (): VirtualGroupDraft => ({ ...initial, ...(form.getFieldsValue(true) as CreateFormValues), charge_boxs: chosen });

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

  const failed = (chargersText: string | undefined) => {
    const handle = modal.error({
      title: t('form.createFailed'),
      content: chargersText ? <HeldChargersNotice text={chargersText} /> : t('form.createFailedText'),
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
      const created = await create.mutateAsync(createPayload(values));
      leave.release();
      setDirty(false);
      succeeded(created.virtual_group_id, values.name.trim());
    } catch (error) {
      const fields = isApiError(error) ? error.body?.fields : undefined;
      placeErrors(fields, values.dynamic_pricing.enabled ? values.dynamic_pricing.type : undefined);
      failed(fields?.charge_boxs);
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
