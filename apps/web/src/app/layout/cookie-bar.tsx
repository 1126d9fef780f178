import { useLayoutEffect, useRef, useState } from 'react';
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
  const bar = useRef<HTMLElement>(null);
  // While shown, the bar's height (with its gap to the window's edge) is `--cookie-bar-space` on the
  // document: what sticks to the bottom of the window (the financial selection footer) rises above
  // it, and the page ends above it, instead of being covered.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--cookie-bar-space', `${Math.ceil(element.getBoundingClientRect().height) + 32}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-bar-space');
    };
  }, [visible]);
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
    <section ref={bar} className="cookie-bar" role="region" aria-label={t('cookies.label')} data-testid="cookie-bar">
      <p className="cookie-bar__text">
        {t('cookies.text')} {link('/privacy-policy', t('cookies.policyLink'))}
      </p>
      <button type="button" className="button button--primary" onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
