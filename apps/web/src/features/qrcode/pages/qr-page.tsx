import { useState } from 'react';
import { Button, Form, Space, Typography } from 'antd';
import { PauseCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { useCaptcha } from '../../../components/captcha/use-captcha';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { useFeedback } from '../../../lib/use-feedback';
import { useStartQrRecharge } from '../api/start-qr-recharge';
import { useStopQrRecharge } from '../api/stop-qr-recharge';
import { qrErrorKey } from '../qr-error-message';
import '../qrcode.css';

/** Toasts of this page stay 10 seconds (001 §9). */
const TOAST_SECONDS = 10;

/**
 * The public QR start/stop page (001 §2, §4, §8): no sign-in. Start and Stop stay disabled until
 * the robot check passes. The token is the one the connector's QR code carries (`?token=`), else
 * the build setting. A start uses the check's one-time answer, so the check starts over after it;
 * a stop needs the check passed once on this page (its request carries no answer, 001 §3).
 */
export function QrPage() {
  const { t } = useTranslation('qrcode');
  const { message } = useFeedback();
  const { chargeBoxId = '', connectorId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? getRuntimeSettings().qrcodeToken;
  const captcha = useCaptcha();
  const [human, setHuman] = useState(false);
  const start = useStartQrRecharge();
  const stop = useStopQrRecharge();
  const connector = Number(connectorId);
  const busy = start.isPending || stop.isPending;

  const onCaptcha = (result: { verified: boolean; response: string }) => {
    captcha.onChange(result);
    if (result.verified) setHuman(true);
  };
  const toast = (type: 'success' | 'error', key: string) => message.open({ type, content: t(key), duration: TOAST_SECONDS });

  const onStart = async () => {
    if (!captcha.verified) return toast('error', 'messages.robot');
    try {
      await start.mutateAsync({ chargeBoxId, connectorId: connector, token, recaptchaResponse: captcha.response });
      toast('success', 'messages.startSent');
    } catch (error) {
      toast('error', qrErrorKey(error, 'start'));
    } finally {
      captcha.reset();
    }
  };
  const onStop = async () => {
    if (!human) return toast('error', 'messages.robot');
    try {
      await stop.mutateAsync({ chargeBoxId, connectorId: connector, token });
      toast('success', 'messages.stopSent');
    } catch (error) {
      toast('error', qrErrorKey(error, 'stop'));
    }
  };

  return (
    <section className="qr-page" aria-labelledby="qr-page-title">
      <Typography.Title level={1} id="qr-page-title" className="qr-page__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph className="qr-page__lead">{t('lead')}</Typography.Paragraph>
      <dl className="qr-page__station">
        <div>
          <dt>{t('station')}</dt>
          <dd data-testid="qr-station">{chargeBoxId}</dd>
        </div>
        <div>
          <dt>{t('connector')}</dt>
          <dd data-testid="qr-connector">{connectorId}</dd>
        </div>
      </dl>
      <Form layout="vertical" className="qr-page__form" aria-label={t('title')}>
        <CaptchaField label={t('verification')} ref={captcha.ref} onChange={onCaptcha} />
        <Space direction="vertical" size="middle" className="qr-page__actions">
          <Button
            type="primary"
            size="large"
            block
            icon={<ThunderboltOutlined aria-hidden="true" />}
            disabled={!captcha.verified || busy}
            loading={start.isPending}
            onClick={onStart}
            data-testid="qr-start"
          >
            {t('start')}
          </Button>
          <Button
            size="large"
            block
            danger
            icon={<PauseCircleOutlined aria-hidden="true" />}
            disabled={!human || busy}
            loading={stop.isPending}
            onClick={onStop}
            data-testid="qr-stop"
          >
            {t('stop')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
