import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { normaliseHex } from '../model/colour';

interface Props {
  /** '#rrggbb', or '' for the theme's colour. */
  value?: string;
  onChange?: (value: string) => void;
  /** The theme's colour, shown while the field is empty. */
  themeColour: string;
  /** Set by the form item, so that its label names the text field. */
  id?: string;
  pickerLabel: string;
  testId: string;
  'aria-invalid'?: boolean;
}

/**
 * A brand colour: the browser's colour picker behind a swatch, and the hex text beside it. The text
 * follows what is typed (the form checks it); 'abc123' or '#abc' becomes '#aabbcc' when the field is
 * left. The browser's picker rather than the component library's: the library's picker moved 5 KB of
 * shared code into the first load of every screen (docs/decisions.md).
 */
export function ColourInput({ value = '', onChange, themeColour, id, pickerLabel, testId, ...rest }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const shown = normaliseHex(value) ?? themeColour;

  return (
    <div className="colour-input">
      <label className="colour-input__swatch" style={{ background: shown }} title={pickerLabel}>
        <input
          type="color"
          className="colour-input__native"
          value={shown}
          aria-label={pickerLabel}
          onChange={(event) => onChange?.(event.target.value.toLowerCase())}
          data-testid={`${testId}-picker`}
        />
      </label>
      <Input
        id={id}
        value={text}
        placeholder={themeColour}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        className="colour-input__text"
        aria-invalid={rest['aria-invalid']}
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(event.target.value.trim());
        }}
        onBlur={() => {
          const hex = normaliseHex(text);
          if (hex && hex !== value) onChange?.(hex);
        }}
        data-testid={testId}
      />
    </div>
  );
}
