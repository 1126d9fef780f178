import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, SUPPORT_MESSAGE_MAX, supportSubjects, type SupportSubject } from '@recarga/contracts/support';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useSendContact } from '../api/send-contact';

interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: SupportSubject;
  message: string;
}

/**
 * /contact (001 §2 Contact page): a signed-out visitor writes to the support of the network this
 * address belongs to, after the human verification; the same path as the dashboard's support mail.
 */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const { message } = useFeedback();
  const [form] = Form.useForm<ContactValues>();
  const captcha = useCaptcha();
  const send = useSendContact();
  const [sent, setSent] = useState(false);

  const required = (key: string) => ({ required: true, whitespace: true, message: t(`validation.${key}`) });

  const submit = async (v: ContactValues) => {
    if (!captcha.verified) {
      message.error(t('messages.captcha'));
      return;
    }
    try {
      await send.mutateAsync({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email: v.email.trim(),
        phone: v.phone?.trim() || undefined,
        subject: v.subject,
        message: v.message.trim(),
        recaptchaResponse: captcha.response,
      });
      message.success(t('messages.success'));
      form.resetFields();
      setSent(true);
    } catch (error) {
      const code = isApiError(error) ? error.body?.code : undefined;
      message.error(
        code === 'CAPTCHA_INVALID'
          ? t('messages.captcha')
          : isApiError(error) && error.status === 429
            ? t('messages.throttled')
            : t('messages.failure'),
      );
    } finally {
      // Every verification counts once.
      captcha.reset();
    }
  };

  return (
    <section className="contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title" className="title-2">
        {t('title')}
      </h1>
      <p className="text text--secondary">{t('lead')}</p>
      {sent ? (
        <Alert type="success" showIcon title={t('messages.success')} style={{ marginBottom: 16 }} data-testid="contact-sent" />
      ) : null}
      <Form<ContactValues>
        form={form}
        layout="vertical"
        name="contact"
        initialValues={{ subject: 'general', firstName: '', lastName: '', email: '', phone: '', message: '' }}
        onFinish={submit}
        onValuesChange={() => setSent(false)}
        style={{ maxWidth: 720 }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="firstName"
              label={t('fields.firstName')}
              rules={[
                required('firstNameRequired'),
                { max: CONTACT_LIMITS.name, message: t('validation.tooLong', { max: CONTACT_LIMITS.name }) },
              ]}
            >
              <Input autoComplete="given-name" maxLength={CONTACT_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="lastName"
              label={t('fields.lastName')}
              rules={[
                required('lastNameRequired'),
                { max: CONTACT_LIMITS.name, message: t('validation.tooLong', { max: CONTACT_LIMITS.name }) },
              ]}
            >
              <Input autoComplete="family-name" maxLength={CONTACT_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('fields.email')}
              rules={[
                required('emailRequired'),
                { type: 'email', message: t('validation.emailInvalid') },
                { max: CONTACT_LIMITS.email, message: t('validation.tooLong', { max: CONTACT_LIMITS.email }) },
              ]}
            >
              <Input type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.email} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('fields.phone')}
              rules={[{ pattern: /^\+?[0-9 ()-]{8,20}$/, message: t('validation.phoneInvalid') }]}
            >
              <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={CONTACT_LIMITS.phone} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="subject" label={t('fields.subject')}>
          <Select<SupportSubject>
            options={supportSubjects.map((s) => ({ value: s, label: t(`subjects.${s}`) }))}
            data-testid="contact-subject"
          />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('fields.message')}
          rules={[
            required('messageRequired'),
            { max: SUPPORT_MESSAGE_MAX, message: t('validation.messageTooLong', { max: SUPPORT_MESSAGE_MAX }) },
          ]}
        >
          <Input.TextArea rows={5} count={{ show: true, max: SUPPORT_MESSAGE_MAX }} data-testid="contact-message" />
        </Form.Item>
        <CaptchaField label={t('fields.verification')} ref={captcha.ref} onChange={captcha.onChange} />
        <Button type="primary" htmlType="submit" disabled={!captcha.verified} loading={send.isPending} data-testid="contact-send">
          {t('send')}
        </Button>
      </Form>
    </section>
  );
}
