import { Input } from 'antd';
import type { VoucherKind } from '@recarga/contracts/vouchers';
import { MoneyInput } from '../../../components/money-input';
import { digitsValue } from '../model/voucher-rules';

interface Props {
  id?: string;
  kind: VoucherKind | undefined;
  /** MONEY: minor units; KWH and PERCENT: whole numbers. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  onBlur?: () => void;
  currency: string;
  moneyLocale: string;
  disabled?: boolean;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** kWh up to 1000, percent up to 100 (money has its own field and limit). */
const maxDigits = { KWH_RECHARGE: 4, PERCENT_RECHARGE: 3 } as const;

/**
 * The voucher value (002 §5): money in the app's money field, in the tenant's currency (R$ 20,00 is
 * typed "20"; 20.000 pesos "20000"); kWh and percent accept digits only.
 */
export function KindValueInput({ id, kind, value, onChange, onBlur, currency, moneyLocale, disabled, placeholder, ...aria }: Props) {
  if (kind === 'MONEY_RECHARGE')
    return (
      <MoneyInput
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        currency={currency}
        locale={moneyLocale}
        disabled={disabled}
        placeholder={placeholder}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        data-testid="voucher-value"
      />
    );
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      id={id}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled || !kind}
      placeholder={placeholder}
      suffix={kind === 'KWH_RECHARGE' ? 'kWh' : kind === 'PERCENT_RECHARGE' ? '%' : undefined}
      onChange={(event) => onChange?.(kind ? digitsValue(event.target.value, maxDigits[kind]) : null)}
      onBlur={onBlur}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      data-testid="voucher-value"
    />
  );
}

/** A digits-only field (units, uses per user). */
export function DigitsInput({
  id,
  value,
  onChange,
  disabled,
  maxDigits: max = 4,
  testId,
  ...aria
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  maxDigits?: number;
  testId?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Input
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
      onChange={(event) => onChange?.(digitsValue(event.target.value, max))}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      data-testid={testId}
    />
  );
}
