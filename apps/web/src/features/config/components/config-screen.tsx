import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  BgColorsOutlined,
  ClockCircleOutlined,
  CustomerServiceOutlined,
  GlobalOutlined,
  HistoryOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantSettings } from '@recarga/contracts/tenant-settings';
import { TenantAuditList } from '../../../components/tenant-audit-list';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { getTheme } from '../../../lib/theme/themes';
import { fieldErrorsOf, messageValues } from '../../../lib/tenant-settings-rules';
import {
  BRAND_NAME_MAX,
  CO2_FACTOR_MAX,
  COLOUR_PATTERN,
  EMAIL_MAX,
  HTTPS_URL_PATTERN,
  LOG_RETENTION_MAX,
  LOG_RETENTION_MIN,
  URL_MAX,
} from '@recarga/contracts/tenant-settings-constants';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
import { useConfigAudit } from '../api/get-config-audit';
import { useSaveTenantSettings } from '../api/save-tenant-settings';
import { isLowContrastWithWhite, normaliseHex } from '../model/colour';
import { factorText, formValuesOf, hasChanges, updateBodyOf, type SettingsFormValues } from '../model/settings-form';
import { timeZoneLabel } from '../model/time-zone-label';
import { countryTimeZones, timeZoneNames } from '../model/time-zones';
import { BrandPreview } from './brand-preview';
import { ColourInput } from './colour-input';
import { LogoField } from './logo-field';
import { PlanCard } from './plan-card';
import { PushCard } from './push-card';
import { QrTokenCard } from './qr-token-card';

interface Props {
  settings: TenantSettings;
  /** A network's name by id (the history names a changed parent). */
  tenantName: (tenantPk: number) => string | undefined;
  /** The network the calls name (`?tenant=`). */
  tenantPk: number | undefined;
}

/** The settings of one network: the form (brand, contact, sustainability, operation), the side cards and the history. */
export function ConfigScreen({ settings, tenantPk, tenantName }: Props) {
  const { t, i18n } = useTranslation('config');
  const { message } = useFeedback();
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useSaveTenantSettings();
  const [auditPage, setAuditPage] = useState(1);
  const audit = useConfigAudit(tenantPk, auditPage);
  const baseline = useRef<SettingsFormValues>(formValuesOf(settings));
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const theme = getTheme(settings.theme);
  const separator = i18n.language === 'en' ? '.' : ',';
  const zones = useMemo(() => timeZoneNames().map((zone) => ({ value: zone, label: timeZoneLabel(zone) })), []);
  const countryZone = countryTimeZones[settings.country];

  const primary = Form.useWatch('primaryColor', form) ?? baseline.current.primaryColor;
  const dark = Form.useWatch('darkColor', form) ?? baseline.current.darkColor;
  const brandName = Form.useWatch('brandName', form) ?? baseline.current.brandName;
  const shownPrimary = normaliseHex(primary ?? '') ?? settings.themeColors.primary;
  const shownDark = normaliseHex(dark ?? '') ?? settings.themeColors.dark;
  const shownName = brandName?.trim() || theme.displayName;

  const msg = (name: string) => t(`errors.${name}`, messageValues);
  const current = (): SettingsFormValues => ({ ...baseline.current, ...(form.getFieldsValue(true) as SettingsFormValues) });
  const recompute = () => setDirty(hasChanges(baseline.current, current()));

  const resetColours = () => {
    form.setFieldsValue({ primaryColor: '', darkColor: '' });
    form.setFields([
      { name: 'primaryColor', errors: [] },
      { name: 'darkColor', errors: [] },
    ]);
    recompute();
  };

  const discard = () => {
    form.resetFields();
    form.setFieldsValue(baseline.current);
    setDirty(false);
  };

  const submit = async () => {
    const values = current();
    try {
      await save.mutateAsync({ tenantPk, body: updateBodyOf(values) });
      baseline.current = values;
      setDirty(false);
      setAuditPage(1);
      message.success(t('saved'));
    } catch (error) {
      const fields = isApiError(error) && error.status === 400 ? error.body?.fields : undefined;
      if (fields) {
        const errors = fieldErrorsOf(fields, (name) => (name ? msg(name) : msg('invalid')));
        form.setFields(errors as never);
        if (errors[0]) form.scrollToField(errors[0].name);
        message.error(t('saveInvalid'));
      } else message.error(t('saveFailed'));
    }
  };

  const colourRule = { pattern: COLOUR_PATTERN, message: msg('colorInvalid') };
  const cardTitle = (icon: ReactNode, text: string) => (
    <span className="config-card__title">
      {icon} {text}
    </span>
  );

  return (
    <Row gutter={[16, 16]} className="config-layout">
      <Col xs={24} xl={16}>
        <Form<SettingsFormValues>
          form={form}
          layout="vertical"
          name="config"
          initialValues={baseline.current}
          onValuesChange={recompute}
          onFinish={() => void submit()}
          onFinishFailed={() => message.error(t('saveInvalid'))}
          aria-label={t('title')}
          className="config-form"
        >
          <Card
            variant="borderless"
            className="section-card config-card"
            title={cardTitle(<BgColorsOutlined aria-hidden="true" />, t('brand.title'))}
          >
            <p className="config-card__lead">{t('brand.lead', { theme: theme.displayName })}</p>
            <Row gutter={24}>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="brandName"
                  label={t('brand.name')}
                  extra={t('brand.nameHint', { theme: theme.displayName })}
                  rules={[{ max: BRAND_NAME_MAX, message: msg('tooLong') }]}
                >
                  <Input maxLength={BRAND_NAME_MAX} showCount placeholder={theme.displayName} autoComplete="off" data-testid="brand-name" />
                </Form.Item>
                <div className="config-field">
                  <span className="config-field__label" id="logo-label">
                    {t('logo.label')}
                  </span>
                  <LogoField tenantPk={tenantPk} logoUrl={settings.logoUrl} themeLogo={theme.logo} brandName={shownName} />
                </div>
              </Col>
              <Col xs={24} lg={12}>
                <BrandPreview name={shownName} logo={settings.logoUrl ?? theme.logo} primary={shownPrimary} dark={shownDark} />
              </Col>
            </Row>
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="primaryColor"
                  label={t('brand.primary')}
                  rules={[colourRule]}
                  extra={
                    isLowContrastWithWhite(shownPrimary) ? (
                      <span className="config-warning" data-testid="primary-contrast">
                        {t('brand.lowContrast')}
                      </span>
                    ) : (
                      t('brand.primaryHint')
                    )
                  }
                >
                  <ColourInput themeColour={settings.themeColors.primary} pickerLabel={t('brand.pickPrimary')} testId="primary-color" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="darkColor"
                  label={t('brand.dark')}
                  rules={[colourRule]}
                  extra={
                    isLowContrastWithWhite(shownDark) ? (
                      <span className="config-warning" data-testid="dark-contrast">
                        {t('brand.lowContrast')}
                      </span>
                    ) : (
                      t('brand.darkHint')
                    )
                  }
                >
                  <ColourInput themeColour={settings.themeColors.dark} pickerLabel={t('brand.pickDark')} testId="dark-color" />
                </Form.Item>
              </Col>
            </Row>
            <div className="theme-reset">
              <span className="theme-reset__colours">
                {t('brand.themeColoursAre')}
                <span className="theme-reset__swatch" style={{ background: settings.themeColors.primary }} aria-hidden="true" />
                <code>{settings.themeColors.primary}</code>
                <span className="theme-reset__swatch" style={{ background: settings.themeColors.dark }} aria-hidden="true" />
                <code>{settings.themeColors.dark}</code>
              </span>
              <Button
                size="small"
                icon={<UndoOutlined aria-hidden="true" />}
                onClick={resetColours}
                disabled={!primary && !dark}
                data-testid="use-theme-colours"
              >
                {t('brand.useThemeColours')}
              </Button>
            </div>
            <Form.Item
              name="termsOfUseUrl"
              label={t('brand.terms')}
              extra={t('brand.termsHint')}
              rules={[
                { max: URL_MAX, message: msg('tooLong') },
                { pattern: HTTPS_URL_PATTERN, message: msg('urlInvalid') },
              ]}
            >
              <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" maxLength={URL_MAX} data-testid="terms-url" />
            </Form.Item>
          </Card>

          <Card
            variant="borderless"
            className="section-card config-card"
            title={cardTitle(<CustomerServiceOutlined aria-hidden="true" />, t('contact.title'))}
          >
            <Form.Item
              name="supportEmail"
              label={t('contact.email')}
              extra={t('contact.emailHint')}
              rules={[
                { max: EMAIL_MAX, message: msg('tooLong') },
                { type: 'email', message: msg('emailInvalid') },
              ]}
              className="config-narrow"
            >
              <Input
                type="email"
                inputMode="email"
                placeholder={t('contact.emailPlaceholder')}
                autoComplete="off"
                maxLength={EMAIL_MAX}
                data-testid="support-email"
              />
            </Form.Item>
          </Card>

          <Row gutter={16} className="config-pair">
            <Col xs={24} md={12}>
              <Card
                variant="borderless"
                className="section-card config-card"
                title={cardTitle(<GlobalOutlined aria-hidden="true" />, t('sustainability.title'))}
              >
                <Form.Item
                  name="co2Factor"
                  label={t('sustainability.factor')}
                  extra={t('sustainability.factorHint', { value: factorText(settings.co2FactorDefault, separator) })}
                  rules={[
                    {
                      validator: (_rule, value: number | null | undefined) =>
                        value === null || value === undefined || (value >= 0 && value <= CO2_FACTOR_MAX)
                          ? Promise.resolve()
                          : Promise.reject(new Error(msg('co2Invalid'))),
                    },
                  ]}
                >
                  <InputNumber<number>
                    className="full-width"
                    step={0.001}
                    decimalSeparator={separator}
                    placeholder={factorText(settings.co2FactorDefault, separator)}
                    suffix={t('sustainability.unit')}
                    data-testid="co2-factor"
                  />
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card
                variant="borderless"
                className="section-card config-card"
                title={cardTitle(<ClockCircleOutlined aria-hidden="true" />, t('operation.title'))}
              >
                <Form.Item name="timeZone" label={t('operation.timeZone')} extra={t('operation.timeZoneHint')}>
                  <Select
                    allowClear
                    showSearch={foldedSearch()}
                    placeholder={t('operation.timeZoneDefault', { zone: countryZone ? timeZoneLabel(countryZone) : '' })}
                    options={zones}
                    data-testid="time-zone"
                  />
                </Form.Item>
                <Form.Item
                  name="logRetentionDays"
                  label={t('operation.retention')}
                  extra={t('operation.retentionHint', { min: LOG_RETENTION_MIN, max: LOG_RETENTION_MAX })}
                  rules={[
                    {
                      validator: (_rule, value: number | null | undefined) =>
                        typeof value === 'number' && Number.isInteger(value) && value >= LOG_RETENTION_MIN && value <= LOG_RETENTION_MAX
                          ? Promise.resolve()
                          : Promise.reject(new Error(msg('retentionInvalid'))),
                    },
                  ]}
                >
                  <InputNumber<number> className="full-width" precision={0} suffix={t('operation.days')} data-testid="log-retention" />
                </Form.Item>
              </Card>
            </Col>
          </Row>

          <div className={`config-save-bar${dirty ? ' config-save-bar--dirty' : ''}`} data-testid="config-save-bar">
            <span className="config-save-bar__state" role="status">
              {dirty ? t('unsaved') : t('allSaved')}
            </span>
            <div className="config-save-bar__buttons">
              <Button onClick={discard} disabled={!dirty || save.isPending} data-testid="config-discard">
                {t('discard')}
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined aria-hidden="true" />}
                loading={save.isPending}
                // Nothing to save beside "all changes are saved": enabled once something changed.
                disabled={!dirty}
                data-testid="config-save"
              >
                {t('save')}
              </Button>
            </div>
          </div>
        </Form>
      </Col>
      <Col xs={24} xl={8}>
        <div className="config-side">
          <QrTokenCard tenantPk={tenantPk} qrToken={settings.qrToken} />
          <PushCard tenantPk={tenantPk} push={settings.push} />
          <PlanCard settings={settings} />
        </div>
      </Col>
      <Col xs={24}>
        <Card
          variant="borderless"
          className="section-card config-card"
          title={cardTitle(<HistoryOutlined aria-hidden="true" />, t('audit.title'))}
        >
          <TenantAuditList
            data={audit.data}
            isLoading={audit.isLoading}
            isError={audit.isError}
            onRetry={() => void audit.refetch()}
            page={auditPage}
            onPage={setAuditPage}
            tenantName={tenantName}
            testId="config-audit"
          />
        </Card>
      </Col>
    </Row>
  );
}
