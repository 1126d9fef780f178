import { Button, Form } from 'antd';
// The password field alone: the `Input` namespace also brings OTP, Search and TextArea (5 KB of gzip).
import Password from 'antd/es/input/Password';
import { LockOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CaptchaField } from '../../../components/captcha/captcha';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { isApiError } from '../../../lib/api-error';
import { returnParam, safeReturnPath } from '../../../lib/return-path';
import { saveSession } from '../../../lib/session';
import { useFeedback } from '../../../lib/use-feedback';
import { AuthHeading } from '../components/auth-heading';
import { EmailField } from '../components/email-field';
import { useLogin } from '../api/login';

interface LoginForm {
  email: string;
  password: string;
}

/** Message of the error catalogue for a failed login answer. */
function loginErrorKey(error: unknown): string {
  if (isApiError(error) && error.status === 401) return 'login.errors.unauthorized';
  if (isApiError(error) && error.status === 403) return 'login.errors.forbidden';
  return 'login.errors.generic';
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const login = useLogin();

  const onFinish = async ({ email, password }: LoginForm) => {
    try {
      const answer = await login.mutateAsync({ email: email.trim(), password, recaptchaResponse: captcha.response });
      if (!answer?.token || !answer.user?.permissions?.length) {
        message.error(t('login.errors.forbidden'));
        captcha.reset();
        return;
      }
      queryClient.clear();
      saveSession(answer.token, answer.user);
      message.success(t('login.success'));
      navigate(safeReturnPath(params.get(returnParam)) ?? '/', { replace: true });
    } catch (error) {
      message.error(t(loginErrorKey(error)));
      captcha.reset();
    }
  };

  return (
    <>
      <AuthHeading title={t('login.title')} lead={t('login.lead')} />
      <Form<LoginForm> layout="vertical" onFinish={onFinish} size="large" name="login">
        <EmailField />
        <Form.Item label={t('fields.password')} name="password" rules={[{ required: true, message: t('validation.passwordRequired') }]}>
          <Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="current-password"
            placeholder={t('fields.passwordPlaceholder')}
            maxLength={128}
          />
        </Form.Item>
        <div className="auth-row-end">
          <Link to="/auth/recover">{t('login.forgotPassword')}</Link>
        </div>
        <CaptchaField label={t('fields.verification')} ref={captcha.ref} onChange={captcha.onChange} />
        <Button type="primary" htmlType="submit" block disabled={!captcha.verified} loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
