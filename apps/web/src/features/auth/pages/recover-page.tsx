import { Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { AuthHeading } from '../lite/auth-heading';
import { EmailField } from '../components/email-field';
import { BackToLogin } from '../components/back-to-login';
import { useFeedback } from '../../../lib/use-feedback';
import { useSendRecoveryCode } from '../api/send-recovery-code';

/** Password recovery, step 1: send a code to the e-mail. */
export function RecoverPage() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const sendCode = useSendRecoveryCode();

  const onFinish = async ({ email }: { email: string }) => {
    const trimmed = email.trim();
    try {
      const answer = await sendCode.mutateAsync({ email: trimmed, recaptchaResponse: captcha.response });
      if (answer?.data?.error !== false) throw new Error('code not sent');
      message.success(t('recover.success'));
      navigate('/auth/recover/change', { state: { email: trimmed } });
    } catch {
      message.error(t('recover.failure'));
      captcha.reset();
    }
  };

  return (
    <>
      <AuthHeading title={t('recover.title')} lead={t('recover.lead')} />
      <Form<{ email: string }> layout="vertical" size="large" name="recover" onFinish={onFinish}>
        <EmailField />
        <CaptchaField label={t('fields.verification')} ref={captcha.ref} onChange={captcha.onChange} />
        <Button type="primary" htmlType="submit" block disabled={!captcha.verified} loading={sendCode.isPending}>
          {t('recover.submit')}
        </Button>
      </Form>
      <BackToLogin />
    </>
  );
}
