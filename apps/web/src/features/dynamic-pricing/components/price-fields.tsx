import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { exclusiveOf, moneyFields, percentFields } from '../model/price-values';
import { PercentInput } from './percent-input';
import { ToggleMoneyInput } from './toggle-money-input';
import type { PriceFormat } from './use-price-format';

interface Props {
  /** Where the prices sit, as the enclosing Form.Item names see it (inside a Form.List: `[field.name]`). */
  name: (string | number)[];
  /** The same place from the form's root (`['windows', 0]`), to turn off the excluded price. */
  path: (string | number)[];
  format: PriceFormat;
  disabled?: boolean;
  /** Prefix of the fields' test ids. */
  testId: string;
}

/**
 * A rule's prices (002 §3): start value, kWh, duration, idle penalty and reserve, each with its
 * switch — kWh and duration exclude each other (002 §4) — and the operation fee and taxes in %.
 */
export function PriceFields({ name, path, format, disabled, testId }: Props) {
  const { t } = useTranslation('dynamicPricing');
  const form = Form.useFormInstance();
  return (
    <div className="price-fields">
      {moneyFields.map((field) => {
        const excluded = exclusiveOf(field);
        return (
          <Form.Item key={field} name={[...name, field]} label={t(`fields.${field}`)} className="price-fields__item">
            <ToggleMoneyInput
              label={t(`fields.${field}`)}
              currency={format.currency}
              locale={format.moneyLocale}
              disabled={disabled}
              onEnable={excluded ? () => form.setFieldValue([...path, excluded], null) : undefined}
              data-testid={`${testId}-${field}`}
            />
          </Form.Item>
        );
      })}
      {percentFields.map((field) => (
        <Form.Item key={field} name={[...name, field]} label={t(`fields.${field}`)} className="price-fields__item">
          <PercentInput decimalMark={format.decimalMark} disabled={disabled} data-testid={`${testId}-${field}`} />
        </Form.Item>
      ))}
    </div>
  );
}
