import { Input } from 'antd';
import { useState, type FocusEvent } from 'react';
import { currencyDecimals, currencySymbolOf, moneyDraftOf, parseMoneyText, sanitizeMoneyDraft } from '../lib/format/money-text';

export interface MoneyInputProps {
  id?: string;
  /** Hundredths of the currency; null or undefined shows an empty field. */
  value?: number | null;
  /** Hundredths as typed; null when the field holds no digit. */
  onChange?: (value: number | null) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  currency: string;
  /** The locale the amount is written in (the tenant's currency locale). */
  locale: string;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** The field in error (outlined red). */
  invalid?: boolean;
  onPressEnter?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * The one money field of the app (issue 40). It is typed as written — "1200" is 1.200, "12,50"
 * is 12,50 — with the currency's decimals (two for reais, none for pesos), the locale's decimal
 * separator (or a keypad's point), and paste; what it holds is shown in the locale's format once
 * the field is left. The currency's symbol stands before it. Values are hundredths.
 */
export function MoneyInput({
  id,
  value,
  onChange,
  onBlur,
  currency,
  locale,
  disabled,
  placeholder,
  autoFocus,
  invalid,
  onPressEnter,
  ...rest
}: MoneyInputProps) {
  const format = { currency, locale };
  // What is being typed, kept as typed while the field has the focus; null shows the value formatted.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null || value === undefined ? '' : moneyDraftOf(value, format));
  const typingPlaceholder = draft === '' && value === 0 ? moneyDraftOf(0, format) : placeholder;
  return (
    <Input
      id={id}
      value={shown}
      // A switched-off price reads "Desativado", not "R$ Desativado" (the empty span keeps the field's structure).
      prefix={<span aria-hidden="true">{disabled && (value === null || value === undefined) ? '' : currencySymbolOf(format)}</span>}
      inputMode={currencyDecimals(format) > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      disabled={disabled}
      placeholder={typingPlaceholder}
      autoFocus={autoFocus}
      status={invalid ? 'error' : undefined}
      onPressEnter={onPressEnter}
      onFocus={(event) => {
        // Zero is typed over; an amount is selected, so typing replaces it and the arrows edit it.
        if (!value) setDraft('');
        else {
          setDraft(shown);
          event.target.select();
        }
      }}
      onChange={(event) => {
        const text = sanitizeMoneyDraft(event.target.value, format);
        setDraft(text);
        onChange?.(parseMoneyText(event.target.value, format));
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
      className="money-input"
      aria-describedby={rest['aria-describedby']}
      aria-invalid={rest['aria-invalid'] ?? (invalid ? true : undefined)}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
