import { Button, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { AuthHeading } from '../lite/auth-heading';

/** Sign-up form. As specified, submitting has no visible effect (accounts are created by operators). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();
  return (
    <>
      <AuthHeading title={t('register.title')} lead={t('register.lead')} />
      <Form layout="vertical" size="large" name="register" onFinish={() => undefined}>
        <Form.Item
          label={t('fields.email')}
          name="email"
          rules={[
            { required: true, message: t('validation.emailRequired') },
            { type: 'email', message: t('validation.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined aria-hidden="true" />} type="email" autoComplete="email" maxLength={55} />
        </Form.Item>
        <Form.Item label={t('fields.password')} name="password" rules={[{ required: true, message: t('validation.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <CaptchaField label={t('fields.verification')} ref={captcha.ref} onChange={captcha.onChange} />
        <Button type="primary" htmlType="submit" block disabled={!captcha.verified}>
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph className="auth-switch">
        {t('register.haveAccount')} <Link to="/auth/login">{t('register.toLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
