import { Col, Form, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { phaseOptions, stationSystems, voltageOptions, type StationSystem } from '@recarga/contracts/stations';
import { useFieldValue } from './use-field-value';
import type { ConnectorTypeOption } from '../api/get-connector-types';
import { useUpdateConnector } from '../api/update-connector';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { moneyTextToMinor } from '../utils/money-input';
import { formatPower, kwToW, powerOptionsFor } from '../utils/power';
import type { ConnectorFormValues, UnusualStatus } from './station-form-model';

/** Voltage labels: the value is the phase-to-phase voltage; two and three phase show 127/220 and 220/380. */
function voltageLabel(system: StationSystem, voltage: number): string {
  if (system === 'SINGLE_PHASE') return `${voltage} V`;
  return voltage === 220 ? '127/220 V' : '220/380 V';
}

interface Props {
  chargeBoxPk: number;
  canSmartCharging: boolean;
  canCustomPower: boolean;
  canPayment: boolean;
  connectorTypes: ConnectorTypeOption[];
  /** BCP-47 tag of the interface language (Power Max labels). */
  locale: string;
  /** Decimal separator of the custom Power Max field. */
  decimalSeparator: string;
}

/**
 * Technical settings (only for stations with connectors): the advanced smart-charging section and
 * one block per connector (type, Power Max, connector status). The connector status is applied at
 * once through PUT chargepoints/{pk}/connector/{id}.
 */
export function TechnicalTab({
  chargeBoxPk,
  canSmartCharging,
  canCustomPower,
  canPayment,
  connectorTypes,
  locale,
  decimalSeparator,
}: Props) {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const form = Form.useFormInstance();
  const system: StationSystem | null = useFieldValue<StationSystem | null>('system') ?? null;
  const voltage: number | null = useFieldValue<number | null>('voltage') ?? null;
  const connectors: ConnectorFormValues[] = useFieldValue<ConnectorFormValues[]>('connectors') ?? [];
  const update = useUpdateConnector(chargeBoxPk);
  const options = powerOptionsFor(system, voltage);
  const required = { required: true, message: t('form.required') };

  /**
   * The connector status goes at once through PUT chargepoints/{pk}/connector/{id}, with the
   * connector's settings as the form holds them (001 §7); a connector needs its type first.
   */
  const changeStatus = async (index: number, connectorId: number, value: UnusualStatus, previous: UnusualStatus) => {
    const c = form.getFieldValue(['connectors', index]) as ConnectorFormValues;
    if (c.connectorTypePk === null || c.connectorTypePk === undefined) {
      form.setFieldValue(['connectors', index, 'unusualStatus'], previous);
      form.setFields([{ name: ['connectors', index, 'connectorTypePk'], errors: [t('form.required')] }]);
      message.error(t('technical.typeFirst'));
      return;
    }
    const power = canCustomPower
      ? c.powerMaxKw === null || c.powerMaxKw === undefined
        ? null
        : kwToW(c.powerMaxKw)
      : (c.powerMax ?? null);
    try {
      await update.mutateAsync({
        connectorId,
        body: {
          connectorTypePk: c.connectorTypePk,
          powerMax: power,
          unusualStatus: value === 'AUTOMATIC' ? null : value,
          ...(canPayment
            ? {
                moneyPerKilowattIncome: moneyTextToMinor(c.moneyPerKilowattIncome),
                moneyPerDurationIncome: moneyTextToMinor(c.moneyPerDurationIncome),
              }
            : {}),
        },
      });
      message.success(t('technical.statusApplied', { id: connectorId }));
    } catch (error) {
      form.setFieldValue(['connectors', index, 'unusualStatus'], previous);
      message.error(t('technical.statusFailed'));
      if (isApiError(error)) {
        const text = Object.values(error.body?.fields ?? {})[0] ?? error.body?.message;
        if (text) message.warning(text);
      }
    }
  };

  return (
    <div className="form-tab">
      {canSmartCharging ? (
        <section className="form-section" aria-labelledby="section-advanced">
          <Typography.Title level={5} id="section-advanced" className="form-section__title">
            {t('technical.advanced')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('technical.advancedLead')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="system" label={t('technical.system')}>
                <Select
                  allowClear
                  options={stationSystems.map((s) => ({ value: s, label: t(`systems.${s}`) }))}
                  placeholder={t('technical.choose')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="phase" label={t('technical.phase')}>
                <Select
                  allowClear
                  disabled={!system}
                  options={(system ? phaseOptions[system] : []).map((p) => ({ value: p, label: p }))}
                  placeholder={t('technical.choose')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="voltage" label={t('technical.voltage')}>
                <Select
                  allowClear
                  disabled={!system}
                  options={(system ? voltageOptions[system] : []).map((v) => ({ value: v, label: voltageLabel(system!, v) }))}
                  placeholder={t('technical.choose')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="chargingRateUnit" label={t('technical.rateUnit')}>
                <Select
                  allowClear
                  options={[
                    { value: 'A', label: t('technical.amperes') },
                    { value: 'W', label: t('technical.watts') },
                  ]}
                  placeholder={t('technical.choose')}
                />
              </Form.Item>
            </Col>
          </Row>
        </section>
      ) : null}

      <section className="form-section" aria-labelledby="section-connectors">
        <Typography.Title level={5} id="section-connectors" className="form-section__title">
          {t('technical.connectors')}
        </Typography.Title>
        <Form.List name="connectors">
          {(fields) => (
            <div className="connector-blocks">
              {fields.map((field) => {
                const c = connectors[field.name];
                if (!c) return null;
                const current = c.powerMax;
                const powerChoices =
                  current !== null && current !== undefined && !options.includes(current)
                    ? [...options, current].sort((a, b) => a - b)
                    : options;
                return (
                  <div
                    key={field.key}
                    className="connector-block"
                    role="group"
                    aria-labelledby={`connector-title-${c.connectorId}`}
                    data-testid={`connector-block-${c.connectorId}`}
                  >
                    <div className="connector-block__head">
                      <span className="connector-block__icon" aria-hidden="true">
                        <ApiOutlined />
                      </span>
                      <span className="connector-block__title" id={`connector-title-${c.connectorId}`}>
                        {t('technical.connector', { id: c.connectorId })}
                      </span>
                      {c.unusualStatus !== 'AUTOMATIC' ? <Tag color="warning">{t(`unusualStatus.${c.unusualStatus}`)}</Tag> : null}
                    </div>
                    <Row gutter={16}>
                      <Col xs={24} md={4}>
                        <Form.Item label={t('technical.connectorId')}>
                          <InputNumber value={c.connectorId} disabled className="full-width" aria-label={t('technical.connectorId')} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={7}>
                        <Form.Item name={[field.name, 'connectorTypePk']} label={t('technical.connectorType')} rules={[required]}>
                          <Select
                            options={connectorTypes.map((ct) => ({ value: ct.connectorTypePk, label: ct.name }))}
                            placeholder={t('technical.choose')}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        {canCustomPower ? (
                          <Form.Item
                            name={[field.name, 'powerMaxKw']}
                            label={t('technical.powerMaxKw')}
                            extra={t('technical.powerCustomHelp')}
                          >
                            <InputNumber
                              min={0.1}
                              max={2000}
                              step={0.1}
                              className="full-width"
                              suffix="kW"
                              decimalSeparator={decimalSeparator}
                            />
                          </Form.Item>
                        ) : (
                          <Form.Item name={[field.name, 'powerMax']} label={t('technical.powerMax')}>
                            <Select
                              allowClear
                              options={powerChoices.map((w) => ({ value: w, label: formatPower(w, locale) }))}
                              placeholder={t('technical.choose')}
                            />
                          </Form.Item>
                        )}
                      </Col>
                      <Col xs={24} md={7}>
                        <Form.Item name={[field.name, 'unusualStatus']} label={t('technical.status')} extra={t('technical.statusHelp')}>
                          <Select
                            options={[
                              { value: 'AUTOMATIC', label: t('unusualStatus.AUTOMATIC') },
                              { value: 'MAINTENANCE', label: t('unusualStatus.MAINTENANCE') },
                              { value: 'UNAVAILABLE', label: t('unusualStatus.UNAVAILABLE') },
                            ]}
                            onChange={(value: UnusualStatus) => void changeStatus(field.name, c.connectorId, value, c.unusualStatus)}
                            loading={update.isPending && update.variables?.connectorId === c.connectorId}
                            aria-label={t('technical.statusOf', { id: c.connectorId })}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                  </div>
                );
              })}
            </div>
          )}
        </Form.List>
      </section>
    </div>
  );
}
