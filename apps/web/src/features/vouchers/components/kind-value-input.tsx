import { Input } from 'antd';
import type { VoucherKind } from '@recarga/contracts/vouchers';
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

const typedFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money as the field shows it while it is typed as cents: always two decimals, even for a currency
 * written without them (Colombian pesos read '$ 1.500' elsewhere; typed here they read '$ 1.500,00').
 */
export function typedMoneyText(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = typedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    typedFormats.set(key, format);
  }
  return format.format(minor / 100);
}

/** Money up to 1.000,00 (7 digits typed as cents), kWh up to 1000, percent up to 100. */
const maxDigits = { MONEY_RECHARGE: 7, KWH_RECHARGE: 4, PERCENT_RECHARGE: 3 } as const;

/**
 * The voucher value (002 §5): money typed as cents and shown in the tenant's currency as it is
 * typed (1, 5, 0 read R$ 1,50); kWh and percent accept digits only.
 */
export function KindValueInput({ id, kind, value, onChange, onBlur, currency, moneyLocale, disabled, placeholder, ...aria }: Props) {
  const money = kind === 'MONEY_RECHARGE';
  const text = value === null || value === undefined ? '' : money ? typedMoneyText(value, currency, moneyLocale) : String(value);
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
