import { Alert, Col, Form, Input, InputNumber, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/switch-field';
import { MONEY_INPUT_MAX, sanitizeMoneyText } from '../utils/money-input';
import { useFieldValue } from './use-field-value';
import type { ChargeBy, ChargeType, ConnectorFormValues } from './station-form-model';

interface MoneyFieldProps {
  name: (string | number)[] | string;
  label: string;
  suffix: string;
  disabled: boolean;
  symbol: string;
  /** The label is read by screen readers only (rows that name the connector themselves). */
  hideLabel?: boolean;
}

function MoneyField({ name, label, suffix, disabled, symbol, hideLabel }: MoneyFieldProps) {
  const { t } = useTranslation('stations');
  return (
    <Form.Item
      name={name}
      label={hideLabel ? undefined : label}
      normalize={sanitizeMoneyText}
      rules={[{ max: MONEY_INPUT_MAX, message: t('form.max', { max: MONEY_INPUT_MAX }) }]}
      className={hideLabel ? 'connector-income__field' : undefined}
    >
      <Input
        prefix={symbol}
        suffix={suffix}
        maxLength={MONEY_INPUT_MAX}
        inputMode="decimal"
        disabled={disabled}
        placeholder="0,00"
        aria-label={hideLabel ? label : undefined}
      />
    </Form.Item>
  );
}

/**
 * Payment tab (001 §3, §4): Has Payment, cost and income by charge type (kWh or minute), per
 * recharge amounts, the tax (shown ×100) and per-connector income when charged by connector.
 * Inputs are disabled while Has Payment is off; money inputs take at most 5 characters.
 */
interface Props {
  currencySymbol: string;
  decimalSeparator: string;
  connectorTypeName: (pk: number | null) => string;
}

export function PaymentTab({ currencySymbol, decimalSeparator, connectorTypeName }: Props) {
  const { t } = useTranslation('stations');
  const hasPayment: boolean = useFieldValue<boolean>('hasPayment') ?? false;
  const costType: ChargeType = useFieldValue<ChargeType>('paymentChargeTypeCost') ?? 'KWH';
  const incomeType: ChargeType = useFieldValue<ChargeType>('paymentChargeTypeIncome') ?? 'KWH';
  const chargeBy: ChargeBy = useFieldValue<ChargeBy>('paymentChargeByIncome') ?? 'CHARGE_BOX';
  const connectors: ConnectorFormValues[] = useFieldValue<ConnectorFormValues[]>('connectors') ?? [];
  const off = !hasPayment;
  const perKwh = t('payment.perKwh');
  const perMinute = t('payment.perMinute');

  return (
    <div className="form-tab">
      <section className="form-section form-section--narrow">
        <SwitchField name="hasPayment" label={t('payment.hasPayment')} description={t('payment.hasPaymentHelp')} />
      </section>

      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <section className="form-section form-section--boxed" aria-labelledby="section-cost">
            <Typography.Title level={5} id="section-cost" className="form-section__title">
              {t('payment.cost')}
            </Typography.Title>
            <Form.Item name="paymentChargeTypeCost" label={t('payment.chargeType')}>
              <Radio.Group optionType="button" disabled={off}>
                <Radio.Button value="KWH">{t('payment.byKwh')}</Radio.Button>
                <Radio.Button value="DURATION">{t('payment.byDuration')}</Radio.Button>
              </Radio.Group>
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                {costType === 'KWH' ? (
                  <MoneyField
                    name="moneyPerKilowattCost"
                    label={t('payment.costPerKwh')}
                    suffix={perKwh}
                    disabled={off}
                    symbol={currencySymbol}
                  />
                ) : (
                  <MoneyField
                    name="moneyPerDurationCost"
                    label={t('payment.costPerMinute')}
                    suffix={perMinute}
                    disabled={off}
                    symbol={currencySymbol}
                  />
                )}
              </Col>
              <Col xs={24} sm={12}>
                <MoneyField
                  name="moneyPerTransactionCost"
                  label={t('payment.costPerRecharge')}
                  suffix=""
                  disabled={off}
                  symbol={currencySymbol}
                />
              </Col>
            </Row>
          </section>
        </Col>
        <Col xs={24} lg={12}>
          <section className="form-section form-section--boxed" aria-labelledby="section-income">
            <Typography.Title level={5} id="section-income" className="form-section__title">
              {t('payment.income')}
            </Typography.Title>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="paymentChargeTypeIncome" label={t('payment.chargeType')}>
                  <Radio.Group optionType="button" disabled={off}>
                    <Radio.Button value="KWH">{t('payment.byKwh')}</Radio.Button>
                    <Radio.Button value="DURATION">{t('payment.byDuration')}</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="paymentChargeByIncome" label={t('payment.chargeBy')}>
                  <Radio.Group optionType="button" disabled={off}>
                    <Radio.Button value="CHARGE_BOX">{t('payment.byStation')}</Radio.Button>
                    <Radio.Button value="CONNECTOR">{t('payment.byConnector')}</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              {chargeBy === 'CHARGE_BOX' ? (
                <Col xs={24} sm={8}>
                  {incomeType === 'KWH' ? (
                    <MoneyField
                      name="moneyPerKilowattIncome"
                      label={t('payment.incomePerKwh')}
                      suffix={perKwh}
                      disabled={off}
                      symbol={currencySymbol}
                    />
                  ) : (
                    <MoneyField
                      name="moneyPerDurationIncome"
                      label={t('payment.incomePerMinute')}
                      suffix={perMinute}
                      disabled={off}
                      symbol={currencySymbol}
                    />
                  )}
                </Col>
              ) : null}
              <Col xs={24} sm={8}>
                <MoneyField
                  name="moneyPerTransactionIncome"
                  label={t('payment.incomePerRecharge')}
                  suffix=""
                  disabled={off}
                  symbol={currencySymbol}
                />
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="taxIncome" label={t('payment.tax')} extra={t('payment.taxHelp')}>
                  <InputNumber
                    min={0}
                    max={100}
                    step={1}
                    suffix="%"
                    className="full-width"
                    disabled={off}
                    decimalSeparator={decimalSeparator}
                  />
                </Form.Item>
              </Col>
            </Row>
            {chargeBy === 'CONNECTOR' ? (
              connectors.length === 0 ? (
                <Alert type="info" showIcon title={t('payment.noConnectors')} />
              ) : (
                <div className="connector-income">
                  <Typography.Text strong>
                    {t('payment.perConnector')} · {incomeType === 'KWH' ? t('payment.incomePerKwh') : t('payment.incomePerMinute')}
                  </Typography.Text>
                  {connectors.map((c, index) => (
                    <div className="connector-income__row" key={c.connectorId}>
                      <span className="connector-income__label">
                        {t('technical.connector', { id: c.connectorId })}
                        <Typography.Text type="secondary"> · {connectorTypeName(c.connectorTypePk)}</Typography.Text>
                      </span>
                      {incomeType === 'KWH' ? (
                        <MoneyField
                          hideLabel
                          name={['connectors', index, 'moneyPerKilowattIncome']}
                          label={`${t('technical.connector', { id: c.connectorId })}: ${t('payment.incomePerKwh')}`}
                          suffix={perKwh}
                          disabled={off}
                          symbol={currencySymbol}
                        />
                      ) : (
                        <MoneyField
                          hideLabel
                          name={['connectors', index, 'moneyPerDurationIncome']}
                          label={`${t('technical.connector', { id: c.connectorId })}: ${t('payment.incomePerMinute')}`}
                          suffix={perMinute}
                          disabled={off}
                          symbol={currencySymbol}
                        />
                      )}
                    </div>
                  ))}
                </div>
              )
            ) : null}
          </section>
        </Col>
      </Row>
    </div>
  );
}
