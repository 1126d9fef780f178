import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CaptchaWidgetProps } from './captcha-types';

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (response: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let scriptPromise: Promise<Grecaptcha> | null = null;

function loadRecaptcha(language: string): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  if (!scriptPromise) {
    scriptPromise = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(language)}`;
      script.async = true;
      script.defer = true;
      script.onload = () => {
        const api = window.grecaptcha;
        if (api) api.ready(() => resolve(api));
        else reject(new Error('reCAPTCHA did not initialise'));
      };
      script.onerror = () => reject(new Error('reCAPTCHA script could not be loaded'));
      document.head.appendChild(script);
    }).catch((error: unknown) => {
      scriptPromise = null;
      throw error;
    });
  }
  return scriptPromise;
}

/** Google reCAPTCHA v2 checkbox. Offline it shows a clear error instead of a silent blank. */
export function RecaptchaCaptcha({ onChange, ref, siteKey, t, languageTag: language }: CaptchaWidgetProps & { siteKey: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
      onChangeRef.current({ verified: false, response: '' });
    },
  }));

  useEffect(() => {
    let cancelled = false;
    if (!siteKey) {
      setFailed(true);
      return;
    }
    loadRecaptcha(language)
      .then((api) => {
        if (cancelled || !containerRef.current || widgetId.current !== null) return;
        widgetId.current = api.render(containerRef.current, {
          sitekey: siteKey,
          callback: (response) => onChangeRef.current({ verified: true, response }),
          'expired-callback': () => onChangeRef.current({ verified: false, response: '' }),
          'error-callback': () => onChangeRef.current({ verified: false, response: '' }),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey, language]);

  if (failed) {
    return (
      <div className="captcha-failure" role="alert">
        {t('captcha.recaptchaUnavailable')}
      </div>
    );
  }
  return <div ref={containerRef} data-testid="captcha" />;
}
