import 'altcha';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { CaptchaWidgetProps } from './captcha-types';

interface AltchaElement extends HTMLElement {
  reset?: (state?: string) => void;
}

const stringKeys = [
  'ariaLinkLabel',
  'enterCode',
  'enterCodeAria',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verificationRequired',
  'verified',
  'verify',
  'verifying',
  'waitAlert',
] as const;

/**
 * Self-hosted proof-of-work verification (ALTCHA). Its payload is the `recaptchaResponse`. Its
 * colours and corners follow the brand's CSS variables (base.css, `.captcha-box altcha-widget`).
 */
export function AltchaCaptcha({ onChange, ref, challengeUrl, t }: CaptchaWidgetProps & { challengeUrl: string }) {
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const strings = useMemo(() => JSON.stringify(Object.fromEntries(stringKeys.map((key) => [key, t(`captcha.altcha.${key}`)]))), [t]);

  useImperativeHandle(ref, () => ({
    reset() {
      (widgetRef.current as AltchaElement | null)?.reset?.();
      onChangeRef.current({ verified: false, response: '' });
    },
  }));

  useEffect(() => {
    const el = widgetRef.current;
    if (!el) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) onChangeRef.current({ verified: true, response: detail.payload });
      else onChangeRef.current({ verified: false, response: '' });
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  return (
    <div className="captcha-box" data-testid="captcha">
      <altcha-widget ref={widgetRef} challengeurl={challengeUrl} strings={strings} hidefooter />
    </div>
  );
}
