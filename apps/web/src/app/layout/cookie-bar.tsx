import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '../../lib/storage-keys';

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

export function CookieBar() {
  const { t } = useTranslation('shell');
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
        {t('cookies.text')} <Link to="/privacy-policy">{t('cookies.policyLink')}</Link>
      </p>
      <Button type="primary" onClick={accept}>
        {t('cookies.accept')}
      </Button>
    </section>
  );
}
