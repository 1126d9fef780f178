import { Form, Input } from 'antd';
import { SUPPORT_MESSAGE_MAX } from '@recarga/contracts/support';

/**
 * The one message of the support and push forms (001 §5): required, at most 255 characters, with
 * a counter. The texts come from the calling screen's namespace.
 */
export function MessageField({
  label,
  requiredText,
  tooLongText,
  placeholder,
  rows,
  testId,
}: {
  label: string;
  requiredText: string;
  tooLongText: string;
  placeholder: string;
  rows: number;
  testId: string;
}) {
  return (
    <Form.Item
      name="message"
      label={label}
      rules={[
        { required: true, whitespace: true, message: requiredText },
        { max: SUPPORT_MESSAGE_MAX, message: tooLongText },
      ]}
    >
      <Input.TextArea rows={rows} count={{ show: true, max: SUPPORT_MESSAGE_MAX }} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
