import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { SwitchField } from '../../../components/switch-field';
import { isApiError } from '../../../lib/api-error';
import { foldedSearch } from '../../../lib/select-search';
import { themes } from '../../../lib/theme/themes';
import { usePortalVars } from '../../../lib/theme/use-portal-vars';
import { fieldErrorsOf, messageValues } from '../../../lib/tenant-settings-rules';
import { ALIAS_PATTERN, LIMIT_MAX, TENANT_ALIAS_MAX, TENANT_NAME_MAX, tenantModules } from '@recarga/contracts/tenant-settings-constants';
import { useFeedback } from '../../../lib/use-feedback';
import { useSaveTenant } from '../api/save-tenant';
import {
  aliasFromName,
  countries,
  countryDefaults,
  createBodyOf,
  currencies,
  languages,
  newTenantValues,
  tenantFormValuesOf,
  updateBodyOf,
  type TenantFormValues,
} from '../model/tenant-form';
import { parentChoices } from '../model/tenant-tree';

interface Props {
  /** What is open: a new network (with its proposed parent), an existing one, or nothing. */
  target: { mode: 'create'; parent: AdminTenant | undefined } | { mode: 'edit'; tenant: AdminTenant } | null;
  tenants: AdminTenant[];
  onClose: () => void;
}

const limitKeys = ['stations', 'users', 'monthlyReports'] as const;

/**
 * "Nova rede" and a network's edit form in a side panel: parent, name, alias, theme, (at creation)
 * country, currency and language, plan limits, modules and options. The administrator's own network
 * opens read-only: its plan is set from above.
 */
export function TenantDrawer({ target, tenants, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('config');
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<TenantFormValues>();
  const save = useSaveTenant();
  const [dirty, setDirty] = useState(false);
  const aliasTouched = useRef(false);
  const editing = target?.mode === 'edit' ? target.tenant : null;
  const readOnly = !!editing && !editing.editable;
  const open = target !== null;
  const vars = usePortalVars();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(target.mode === 'edit' ? tenantFormValuesOf(target.tenant) : newTenantValues(target.parent));
    aliasTouched.current = target.mode === 'edit';
    setDirty(false);
  }, [target, form]);

  const msg = (name: string | null) => tc(`errors.${name ?? 'invalid'}`, messageValues);

  const close = () => {
    if (!dirty || readOnly) return onClose();
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardText'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.keepEditing'),
      autoFocusButton: 'cancel',
      onOk: onClose,
    });
  };

  const submit = async (values: TenantFormValues) => {
    const all = { ...(form.getFieldsValue(true) as TenantFormValues), ...values };
    try {
      const saved = await save.mutateAsync(
        editing ? { tenantPk: editing.tenantPk, body: updateBodyOf(all) } : { tenantPk: null, body: createBodyOf(all) },
      );
      message.success(editing ? t('form.updated', { name: saved.name }) : t('form.created', { name: saved.name }));
      setDirty(false);
      onClose();
    } catch (error) {
      const body = isApiError(error) ? error.body : undefined;
      if (isApiError(error) && error.status === 400 && body?.fields) {
        const errors = fieldErrorsOf(body.fields, (name) => msg(name));
        form.setFields(errors as never);
        if (errors[0]) form.scrollToField(errors[0].name);
        message.error(t('form.invalid'));
      } else if (isApiError(error) && error.status === 403) message.error(msg('notBelow'));
      else message.error(t('form.failed'));
    }
  };

  const onValuesChange = (changed: Partial<TenantFormValues>) => {
    setDirty(true);
    if ('alias' in changed) aliasTouched.current = true;
    if ('name' in changed && !aliasTouched.current) {
      form.setFieldValue('alias', aliasFromName(changed.name ?? '', TENANT_ALIAS_MAX));
    }
    if ('country' in changed && changed.country) form.setFieldsValue(countryDefaults[changed.country]);
  };

  const parents = parentChoices(tenants, editing?.tenantPk ?? null);
  const required = { required: true, whitespace: true, message: msg('required') };
  const limitRule = {
    validator: (_rule: unknown, value: number | null | undefined) =>
      value === null || value === undefined || (Number.isInteger(value) && value >= 0 && value <= LIMIT_MAX)
        ? Promise.resolve()
        : Promise.reject(new Error(msg('limitInvalid'))),
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size="min(640px, 100vw)"
      className="tenant-drawer"
      rootStyle={vars}
      closable={{ 'aria-label': t('form.close') }}
      title={
        editing
          ? readOnly
            ? t('form.viewTitle', { name: editing.name })
            : t('form.editTitle', { name: editing.name })
          : t('form.createTitle')
      }
      destroyOnHidden
      footer={
        readOnly ? (
          <div className="drawer-footer">
            <Button onClick={onClose}>{t('form.close')}</Button>
          </div>
        ) : (
          <div className="drawer-footer">
            <Button onClick={close}>{t('form.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="tenant-save">
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </div>
        )
      }
      data-testid="tenant-drawer"
    >
      {readOnly ? (
        <Alert className="tenant-drawer__note" type="info" showIcon title={t('form.ownNetwork')} data-testid="own-network-note" />
      ) : null}
      <Form<TenantFormValues>
        form={form}
        layout="vertical"
        name="tenant"
        disabled={readOnly}
        onFinish={(v) => void submit(v)}
        onFinishFailed={() => message.error(t('form.invalid'))}
        onValuesChange={onValuesChange}
        aria-label={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
      >
        <section className="form-section" aria-labelledby="tenant-identity">
          <h3 className="admin-section-title" id="tenant-identity">
            {t('form.identity')}
          </h3>
          {editing && editing.parentTenantPk === null ? null : (
            <Form.Item
              name="parentTenantPk"
              label={t('form.parent')}
              rules={[{ required: true, message: msg('parentInvalid') }]}
              extra={editing ? t('form.parentHint') : undefined}
            >
              <Select
                showSearch={foldedSearch()}
                options={parents.map((p) => ({ value: p.tenantPk, label: `${'— '.repeat(p.depth)}${p.name}` }))}
                data-testid="tenant-parent"
              />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="name" label={t('form.name')} rules={[required, { max: TENANT_NAME_MAX, message: msg('tooLong') }]}>
                <Input maxLength={TENANT_NAME_MAX} autoComplete="off" data-testid="tenant-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name="alias"
                label={t('form.alias')}
                extra={t('form.aliasHint')}
                rules={[
                  required,
                  { max: TENANT_ALIAS_MAX, message: msg('tooLong') },
                  { pattern: ALIAS_PATTERN, message: msg('aliasInvalid') },
                ]}
              >
                <Input maxLength={TENANT_ALIAS_MAX} autoComplete="off" spellCheck={false} data-testid="tenant-alias" />
              </Form.Item>
            </Col>
          </Row>
        </section>

        <section className="form-section" aria-labelledby="tenant-region">
          <h3 className="admin-section-title" id="tenant-region">
            {t('form.brandRegion')}
          </h3>
          <Form.Item
            name="theme"
            label={t('form.theme')}
            extra={t('form.themeHint')}
            rules={[{ required: true, message: msg('themeInvalid') }]}
          >
            <Select
              options={Object.values(themes).map((theme) => ({
                value: theme.name,
                label: (
                  <span className="theme-option">
                    <span className="theme-option__swatch" style={{ background: theme.palette.primary }} aria-hidden="true" />
                    {theme.displayName}
                  </span>
                ),
              }))}
              data-testid="tenant-theme"
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="country" label={t('form.country')} extra={editing ? t('form.fixedAtCreation') : undefined}>
                <Select
                  disabled={!!editing || readOnly}
                  options={countries.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
                  data-testid="tenant-country"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="currency" label={t('form.currency')}>
                <Select
                  disabled={!!editing || readOnly}
                  options={currencies.map((c) => ({ value: c, label: t(`currencies.${c}`) }))}
                  data-testid="tenant-currency"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="language" label={t('form.language')}>
                <Select
                  disabled={!!editing || readOnly}
                  options={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                  data-testid="tenant-language"
                />
              </Form.Item>
            </Col>
          </Row>
        </section>

        <section className="form-section" aria-labelledby="tenant-plan">
          <h3 className="admin-section-title" id="tenant-plan">
            {t('form.plan')}
          </h3>
          <p className="admin-section-lead">{t('form.planHint')}</p>
          <Row gutter={16}>
            {limitKeys.map((key) => (
              <Col xs={24} md={8} key={key}>
                <Form.Item name={['limits', key]} label={t(`form.limits.${key}`)} rules={[limitRule]}>
                  <InputNumber<number>
                    className="full-width"
                    precision={0}
                    placeholder={t('form.unlimited')}
                    data-testid={`tenant-limit-${key}`}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </section>

        <section className="form-section" aria-labelledby="tenant-modules">
          <h3 className="admin-section-title" id="tenant-modules">
            {t('form.modules')}
          </h3>
          <div className="switch-grid">
            {tenantModules.map((name) => (
              <SwitchField
                key={name}
                name={['modules', name]}
                label={tc(`modules.${name}`)}
                description={t(`form.moduleHints.${name}`)}
                disabled={readOnly}
                testId={`tenant-module-${name}`}
              />
            ))}
          </div>
        </section>

        <section className="form-section" aria-labelledby="tenant-options">
          <h3 className="admin-section-title" id="tenant-options">
            {t('form.options')}
          </h3>
          <div className="switch-grid">
            <SwitchField name="smsEnabled" label={t('form.sms')} description={t('form.smsHint')} disabled={readOnly} />
            <SwitchField name="invoicingEnabled" label={t('form.invoicing')} description={t('form.invoicingHint')} disabled={readOnly} />
            <SwitchField name="deviceReader" label={t('form.deviceReader')} description={t('form.deviceReaderHint')} disabled={readOnly} />
          </div>
        </section>
      </Form>
    </Drawer>
  );
}
