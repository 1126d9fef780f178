import { useId } from 'react';
import { Form, Switch } from 'antd';

interface Props {
  /** The form field; a path (`['modules', 'vouchers']`) for a nested one. */
  name: string | (string | number)[];
  label: string;
  description?: string;
  disabled?: boolean;
  testId?: string;
}

/** A switch as a row: name and explanation on the left, the switch on the right (label-linked). */
export function SwitchField({ name, label, description, disabled, testId }: Props) {
  const id = useId();
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <label htmlFor={id} className="switch-row__label">
          {label}
        </label>
        {description ? (
          <span className="switch-row__description" id={`${id}-description`}>
            {description}
          </span>
        ) : null}
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch id={id} disabled={disabled} aria-describedby={description ? `${id}-description` : undefined} data-testid={testId} />
      </Form.Item>
    </div>
  );
}
