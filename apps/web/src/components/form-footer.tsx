import type { ReactNode } from 'react';
import { Button } from 'antd';
import { SaveOutlined } from '@ant-design/icons';

interface FormFooterProps {
  /** A note shown on the left (why saving may be refused). */
  hint?: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
  disabled?: boolean;
  submitTestId?: string;
}

/** The bottom bar of a form card: an optional hint, Cancel and the submit button. */
export function FormFooter({ hint, cancelLabel, onCancel, submitLabel, saving, disabled, submitTestId }: FormFooterProps) {
  return (
    <div className="form-footer">
      {hint ? <span className="form-footer__hint">{hint}</span> : <span />}
      <div className="form-footer__buttons">
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined aria-hidden="true" />}
          loading={saving}
          disabled={disabled}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
