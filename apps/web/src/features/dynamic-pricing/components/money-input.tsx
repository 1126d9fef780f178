import { Input } from 'antd';
import { formatMinorUnits } from '../../../lib/format/money';
import { minorOfTyped } from '../model/money-mask';

interface Props {
  id?: string;
  /** Minor units; null shows an empty field. */
  value?: number | null;
  onChange?: (value: number) => void;
  currency: string;
  locale: string;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}

/** Money typed as digits (002 §5), shown in the currency as it is typed: 1, 5, 0 read R$ 1,50. */
export function MoneyInput({ id, value, onChange, currency, locale, disabled, placeholder, 'data-testid': testId }: Props) {
  const text = value === null || value === undefined ? '' : formatMinorUnits(value, { currency, locale });
  return (
    <Input
      id={id}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
      placeholder={placeholder}
      onChange={(event) => onChange?.(minorOfTyped(event.target.value))}
      className="money-input"
      data-testid={testId}
    />
  );
}
