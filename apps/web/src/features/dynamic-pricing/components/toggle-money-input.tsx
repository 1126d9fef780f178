import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/money-input';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The field's name, for the switch's label. */
  label: string;
  currency: string;
  locale: string;
  disabled?: boolean;
  /** Called when the switch turns the price on (to turn off the price it excludes). */
  onEnable?: () => void;
  'data-testid'?: string;
}

/**
 * A price with its on/off switch (002 §4): off is no price (null); on starts at zero and takes the
 * typed amount. The field's label names the amount input; the switch is labelled "Enable …".
 */
export function ToggleMoneyInput({ id, value, onChange, label, currency, locale, disabled, onEnable, 'data-testid': testId }: Props) {
  const { t } = useTranslation('dynamicPricing');
  const on = value !== null && value !== undefined;
  return (
    <div className={on ? 'toggle-money' : 'toggle-money toggle-money--off'}>
      <Switch
        size="small"
        checked={on}
        disabled={disabled}
        aria-label={t('fields.enable', { field: label })}
        onChange={(checked) => {
          // The excluded price goes first, so the form never holds both.
          if (checked) {
            onEnable?.();
            onChange?.(value ?? 0);
          } else onChange?.(null);
        }}
        data-testid={testId ? `${testId}-switch` : undefined}
      />
      <MoneyInput
        id={id}
        value={value}
        // Emptied while on, the price is zero: only the switch turns it off.
        onChange={(typed) => onChange?.(typed ?? 0)}
        currency={currency}
        locale={locale}
        disabled={disabled || !on}
        placeholder={t('fields.off')}
        data-testid={testId}
      />
    </div>
  );
}
