import { useState } from 'react';
import { storageKeys } from '../../lib/storage-keys';
import type { RenderLink } from '../../lib/render-link';
import type { Translate } from '../../lib/translate';

/** Consent lasts 365 days; the stored value is the expiry instant (epoch ms). */
const cookieConsentMs = 365 * 24 * 60 * 60 * 1000;

function hasConsent(): boolean {
  try {
    const expiry = Number(window.localStorage.getItem(storageKeys.cookieAccept));
    return Number.isFinite(expiry) && expiry > Date.now();
  } catch {
    return false;
  }
}

/**
 * The cookie notice at the bottom of every screen until accepted. Plain elements (the sign-in page
 * shows it before the component library loads); `t` reads the `shell` texts.
 */
export function CookieBar({ t, link }: { t: Translate; link: RenderLink }) {
  const [visible, setVisible] = useState(() => !hasConsent());
  if (!visible) return null;

  const accept = () => {
    try {
      window.localStorage.setItem(storageKeys.cookieAccept, String(Date.now() + cookieConsentMs));
    } catch {
      // Without storage the bar simply comes back on the next visit.
    }
    setVisible(false);
  };

  return (
    <section className="cookie-bar" role="region" aria-label={t('cookies.label')} data-testid="cookie-bar">
      <p className="cookie-bar__text">
        {t('cookies.text')} {link('/privacy-policy', t('cookies.policyLink'))}
      </p>
      <button type="button" className="button button--primary" onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
