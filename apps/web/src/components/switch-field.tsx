import { useId } from 'react';
import { Form, Switch } from 'antd';

interface Props {
  name: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

/** A switch as a row: name and explanation on the left, the switch on the right (label-linked). */
export function SwitchField({ name, label, description, disabled }: Props) {
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
        <Switch id={id} disabled={disabled} aria-describedby={description ? `${id}-description` : undefined} />
      </Form.Item>
    </div>
  );
}
