import { useEffect, useRef } from 'react';
import { getRuntimeSettings } from '../../lib/runtime-settings';
import { AltchaCaptcha } from './altcha-captcha';
import { RecaptchaCaptcha } from './recaptcha-captcha';
import type { CaptchaWidgetProps } from './captcha-types';

/** No verification configured: report verified at once with an empty response. */
export function NoCaptcha({ onChange }: Pick<CaptchaWidgetProps, 'onChange'>) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current({ verified: true, response: '' });
  }, []);
  return null;
}

/** Whether a verification widget is shown at all (`none`: the forms count as verified). */
export function hasCaptcha(): boolean {
  return getRuntimeSettings().captchaProvider !== 'none';
}

/** The human-verification widget chosen at start-up (`altcha`, `recaptcha` or `none`). */
export function Captcha(props: CaptchaWidgetProps) {
  const settings = getRuntimeSettings();
  if (settings.captchaProvider === 'none') return <NoCaptcha {...props} />;
  if (settings.captchaProvider === 'recaptcha') return <RecaptchaCaptcha {...props} siteKey={settings.captchaSiteKey} />;
  const challengeUrl = new URL('captcha/challenge/', new URL(settings.apiBase, window.location.origin)).toString();
  return <AltchaCaptcha {...props} challengeUrl={challengeUrl} />;
}
