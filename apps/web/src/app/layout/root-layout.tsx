import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { routerLink } from '../../components/router-link';
import { takeSignInNotice } from '../../lib/sign-in-notice';
import { useTranslate } from '../../lib/use-translate';
import { useBrand } from '../../lib/theme/brand-context';
import { useFeedback } from '../../lib/use-feedback';
import { isRouteHandle } from '../route-handle';
import { CookieBar } from './cookie-bar';

/** The document title: 'Page — Brand' for the deepest route that names its page. */
function useDocumentTitle() {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const page = isRouteHandle(handle) ? t(handle.titleKey) : null;
  useEffect(() => {
    document.title = page ? `${page} — ${brand.displayName}` : brand.displayName;
  }, [page, brand.displayName]);
}

/** Top of every screen: the 401 rule's alert and navigation, the cookie bar. */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const shellTexts = useTranslate('shell');
  const authTexts = useTranslate('auth');
  const { message, notification } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lastAlert = useRef(0);
  useDocumentTitle();

  // Signed in on the page that loads alone, which started the app: greet here, with the app's toasts.
  useEffect(() => {
    if (takeSignInNotice()) message.success(authTexts('login.success'));
  }, [message, authTexts]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      // Several calls can fail together; one alert is enough.
      const now = Date.now();
      if (now - lastAlert.current > 3000) {
        lastAlert.current = now;
        notification.warning({
          key: 'session-expired',
          title: t('sessionExpired.title'),
          description: t('sessionExpired.text'),
          role: 'alert',
          duration: 6,
        });
      }
      queryClient.clear();
      navigate('/', { replace: true });
    });
  }, [navigate, notification, queryClient, t]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <Outlet />
      <CookieBar t={shellTexts} link={routerLink} />
      <ScrollRestoration />
    </>
  );
}
