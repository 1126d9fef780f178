import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { parseMessage, postToApp, runStartCommand } from '../lib/three-ds-protocol';
import '../bridge.css';

/** The loading indicator hides this long after a message (001 §9). */
const HIDE_AFTER_MS = 10_000;

/**
 * The card-payment bridge (/three-ds-authentication, 001 §2, §4): a mobile app embeds it and
 * drives it with window messages (lib/three-ds-protocol.ts). Nothing shows but a spinner, over the
 * whole page, until 10 seconds after a message.
 */
export function ThreeDsPage() {
  const { t } = useTranslation('bridge');
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const onMessage = (event: Event) => {
      const message = event as MessageEvent;
      const parsed = parseMessage(message.data);
      if (!parsed) return;
      setVisible(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setVisible(false), HIDE_AFTER_MS);
      const reply = { source: message.source, origin: message.origin };
      if ('invalid' in parsed) {
        postToApp({ type: 'error', message: parsed.invalid }, reply);
        return;
      }
      void runStartCommand(parsed, { scriptUrl: getRuntimeSettings().threeDsScriptUrl }).then((answer) => postToApp(answer, reply));
    };
    // React Native's WebView delivers on `document` (Android) or `window` (iOS).
    window.addEventListener('message', onMessage);
    document.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('message', onMessage);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  return (
    <div className="three-ds" data-testid="three-ds" data-busy={visible ? 'true' : 'false'}>
      <h1 className="visually-hidden">{t('title')}</h1>
      {visible ? (
        <div role="status" aria-live="polite" className="three-ds__spinner">
          <Spin size="large" />
          <span className="visually-hidden">{t('working')}</span>
        </div>
      ) : null}
    </div>
  );
}
