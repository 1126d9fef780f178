import { useEffect, useRef } from 'react';
import { Form } from 'antd';
import { getRuntimeSettings } from '../../lib/runtime-settings';
import { AltchaCaptcha } from './altcha-captcha';
import { RecaptchaCaptcha } from './recaptcha-captcha';
import type { CaptchaWidgetProps } from './captcha-types';

/** No verification configured: report verified at once with an empty response. */
function NoCaptcha({ onChange }: CaptchaWidgetProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current({ verified: true, response: '' });
  }, []);
  return null;
}

/** The human-verification widget chosen at start-up (`altcha`, `recaptcha` or `none`). */
export function Captcha(props: CaptchaWidgetProps) {
  const settings = getRuntimeSettings();
  if (settings.captchaProvider === 'none') return <NoCaptcha {...props} />;
  if (settings.captchaProvider === 'recaptcha') return <RecaptchaCaptcha {...props} siteKey={settings.captchaSiteKey} />;
  const challengeUrl = new URL('captcha/challenge/', new URL(settings.apiBase, window.location.origin)).toString();
  return <AltchaCaptcha {...props} challengeUrl={challengeUrl} />;
}

/**
 * The verification as a form field with its label; with no captcha configured the field is left
 * out (nothing to show, the form counts as verified).
 */
export function CaptchaField({ label, ...props }: CaptchaWidgetProps & { label: string }) {
  if (getRuntimeSettings().captchaProvider === 'none') return <NoCaptcha {...props} />;
  return (
    <Form.Item label={label} required>
      <Captcha {...props} />
    </Form.Item>
  );
}
