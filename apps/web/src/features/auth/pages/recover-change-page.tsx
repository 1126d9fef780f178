import { useEffect, useRef } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { AuthHeading } from '../lite/auth-heading';
import { BackToLogin } from '../components/back-to-login';
import { useChangePassword } from '../api/change-password';

interface ChangeForm {
  code: string;
  password: string;
  confirm: string;
}

/** Delay before the move to the login screen after too many attempts. */
const redirectDelayMs = 2000;

/** Password recovery, step 2: the e-mailed code and the new password. */
export function RecoverChangePage() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  const captcha = useCaptcha();
  const change = useChangePassword();
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  if (typeof email !== 'string' || !email) return <Navigate to="/auth/recover" replace />;

  const onFinish = async ({ code, password }: ChangeForm) => {
    try {
      const answer = await change.mutateAsync({ email, code, password, recaptchaResponse: captcha.response });
      if (answer?.data?.error) throw new Error('code rejected');
      message.success(t('change.success'));
      navigate('/auth/login', { replace: true });
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      // 000 §"Password change": an expired code (410 or 404) and too many attempts (429) end the
      // attempt and go back to sign-in; anything else lets the user type the code again.
      if (status === 410 || status === 404 || status === 429) {
        message.error(t(status === 429 ? 'change.tooManyAttempts' : 'change.expired'));
        message.info(t('change.redirecting'));
        redirectTimer.current = window.setTimeout(() => navigate('/auth/login', { replace: true }), redirectDelayMs);
        return;
      }
      message.error(t('change.invalidCode'));
      captcha.reset();
    }
  };

  return (
    <>
      <AuthHeading title={t('change.title')} lead={t('change.lead', { email })} />
      <Form<ChangeForm> layout="vertical" size="large" name="change" onFinish={onFinish}>
        <Form.Item
          label={t('fields.code')}
          name="code"
          rules={[
            { required: true, message: t('validation.codeRequired') },
            { pattern: /^\d{6}$/, message: t('validation.codeInvalid') },
          ]}
        >
          <Input.OTP length={6} formatter={(value) => value.replace(/\D/g, '')} aria-label={t('fields.code')} />
        </Form.Item>
        <Form.Item
          label={t('fields.newPassword')}
          name="password"
          rules={[
            { required: true, message: t('validation.passwordRequired') },
            { min: 6, max: 20, message: t('validation.passwordLength') },
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          label={t('fields.confirmPassword')}
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.confirmMismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <CaptchaField label={t('fields.verification')} ref={captcha.ref} onChange={captcha.onChange} />
        <Button type="primary" htmlType="submit" block disabled={!captcha.verified} loading={change.isPending}>
          {t('change.submit')}
        </Button>
      </Form>
      <BackToLogin />
    </>
  );
}
