import { Form } from 'antd';
// The text field alone: the `Input` namespace also brings OTP, Search and TextArea (5 KB of gzip).
import Input from 'antd/es/input/Input';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The e-mail field of the sign-in and recovery forms: required, an e-mail, 80 characters at most. */
export function EmailField() {
  const { t } = useTranslation('auth');
  return (
    <Form.Item
      label={t('fields.email')}
      name="email"
      rules={[
        { required: true, message: t('validation.emailRequired') },
        { type: 'email', message: t('validation.emailInvalid') },
      ]}
    >
      <Input
        prefix={<MailOutlined aria-hidden="true" />}
        type="email"
        autoComplete="username"
        placeholder={t('fields.emailPlaceholder')}
        maxLength={80}
      />
    </Form.Item>
  );
}
