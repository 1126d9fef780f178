import { useState } from 'react';
import { Input } from 'antd';
import { fractionOfPercentText, maskPercent, percentTextOf } from '../model/percent-mask';

interface Props {
  id?: string;
  /** A fraction (0.05 = 5 %); null shows an empty field. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The interface language's decimal mark. */
  decimalMark: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A percent under the mask 99,9% (002 §5), held as a fraction. */
export function PercentInput({ id, value, onChange, decimalMark, disabled, 'data-testid': testId }: Props) {
  const [typed, setTyped] = useState('');
  // What was typed while it still means the value ('5,' while the decimal comes); the value's own text otherwise.
  const text = fractionOfPercentText(typed) === (value ?? null) ? typed : percentTextOf(value, decimalMark);
  return (
    <Input
      id={id}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      suffix="%"
      placeholder="0"
      disabled={disabled}
      onChange={(event) => {
        const masked = maskPercent(event.target.value, decimalMark);
        setTyped(masked);
        onChange?.(fractionOfPercentText(masked));
      }}
      className="percent-input"
      data-testid={testId}
    />
  );
}
