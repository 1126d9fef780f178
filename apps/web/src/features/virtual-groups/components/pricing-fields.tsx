import { useId } from 'react';
import { Alert, Button, Col, Form, Radio, Row, Select, Switch, type RadioChangeEvent } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { foldedSearch } from '../../../lib/select-search';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import {
  connectorFields,
  shownConnectorFields,
  withEnabled,
  withMode,
  type ConnectorField,
  type PricingFormValues,
  type PricingMode,
} from '../model/pricing-form';
import type { ProfileOption } from '../model/usable-profiles';

/** The form values holding the pricing setting (create form and pricing tab). */
export interface WithPricing {
  dynamic_pricing: PricingFormValues;
}

const at = (field: keyof PricingFormValues) => ['dynamic_pricing', field] as const;

interface Props {
  /** The profiles the group may use; undefined while they load. */
  profiles: ProfileOption[] | undefined;
  profilesFailed: boolean;
  onRetryProfiles: () => void;
  disabled?: boolean;
}

/**
 * Pricing of a group (002 §4): on or off; per station (one profile for the three connectors) or
 * per connector (three). Switching the mode clears the profiles and their errors; switching
 * pricing on starts again per station. Lives inside a Form whose values hold `dynamic_pricing`.
 */
export function PricingFields({ profiles, profilesFailed, onRetryProfiles, disabled }: Props) {
  const { t } = useTranslation('virtualGroups');
  const form = Form.useFormInstance<WithPricing>();
  const permitted = usePermittedRoutes();
  const switchId = useId();

  /** Puts a new setting in the form; the profiles' errors go with the profiles. */
  const apply = (next: PricingFormValues) =>
    form.setFields(
      (Object.keys(next) as (keyof PricingFormValues)[]).map((key) => ({
        name: [...at(key)],
        value: next[key],
        ...((connectorFields as readonly string[]).includes(key) ? { errors: [] } : {}),
      })) as never,
    );
  // The field holds the new value already when these run (Form.Item updates it first).
  const current = () => form.getFieldValue('dynamic_pricing') as PricingFormValues;
  const onEnabled = (on: boolean) => apply(withEnabled({ ...current(), enabled: !on }, on));
  const onMode = (e: RadioChangeEvent) => apply(withMode(current(), e.target.value as PricingMode));

  const options = (profiles ?? []).map((p) => ({ value: p.uuid, label: p.name }));
  const noProfiles = profiles !== undefined && profiles.length === 0;

  return (
    <div className="vg-pricing" data-testid="vg-pricing">
      <div className="switch-row">
        <div className="switch-row__text">
          <label htmlFor={switchId} className="switch-row__label">
            {t('pricing.enabled')}
          </label>
          <span className="switch-row__description" id={`${switchId}-description`}>
            {t('pricing.enabledHint')}
          </span>
        </div>
        <Form.Item name={[...at('enabled')]} valuePropName="checked" noStyle>
          <Switch
            id={switchId}
            aria-describedby={`${switchId}-description`}
            disabled={disabled}
            onChange={onEnabled}
            data-testid="vg-pricing-enabled"
          />
        </Form.Item>
      </div>
      <Form.Item
        noStyle
        shouldUpdate={(a: WithPricing, b: WithPricing) =>
          a.dynamic_pricing?.enabled !== b.dynamic_pricing?.enabled || a.dynamic_pricing?.type !== b.dynamic_pricing?.type
        }
      >
        {({ getFieldValue }) => {
          const enabled = Boolean(getFieldValue([...at('enabled')]));
          const type = (getFieldValue([...at('type')]) as PricingMode | undefined) ?? 'station';
          if (!enabled) return null;
          const shown = shownConnectorFields({ enabled, type });
          return (
            <>
              <Form.Item
                name={[...at('type')]}
                label={t('pricing.mode')}
                extra={type === 'station' ? t('pricing.stationHint') : t('pricing.connectorsHint')}
              >
                <Radio.Group optionType="button" buttonStyle="solid" disabled={disabled} onChange={onMode} data-testid="vg-pricing-mode">
                  <Radio.Button value="station">{t('pricing.station')}</Radio.Button>
                  <Radio.Button value="connectors">{t('pricing.connectors')}</Radio.Button>
                </Radio.Group>
              </Form.Item>
              {profilesFailed ? (
                <Alert
                  type="error"
                  showIcon
                  className="vg-pricing__notice"
                  title={t('pricing.profilesError')}
                  action={<Button onClick={onRetryProfiles}>{t('pricing.retry')}</Button>}
                />
              ) : noProfiles ? (
                <Alert
                  type="info"
                  showIcon
                  className="vg-pricing__notice"
                  title={t('pricing.noProfiles')}
                  action={
                    permitted.has('/dynamic-pricing') ? (
                      <Link to="/dynamic-pricing">
                        <Button>{t('pricing.createProfile')}</Button>
                      </Link>
                    ) : null
                  }
                />
              ) : null}
              <Row gutter={16}>
                {shown.map((field: ConnectorField, i) => (
                  <Col key={field} xs={24} md={type === 'station' ? 12 : 8}>
                    <Form.Item
                      name={[...at(field)]}
                      label={type === 'station' ? t('pricing.profile') : t('pricing.connector', { id: i + 1 })}
                      rules={[{ required: true, message: t('pricing.required') }]}
                    >
                      <Select
                        showSearch={foldedSearch()}
                        allowClear
                        placeholder={t('pricing.placeholder')}
                        loading={profiles === undefined && !profilesFailed}
                        disabled={disabled}
                        options={options}
                        data-testid={`vg-profile-${i + 1}`}
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </>
          );
        }}
      </Form.Item>
    </div>
  );
}
