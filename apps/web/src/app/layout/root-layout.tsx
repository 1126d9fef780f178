import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { CookieBar } from './cookie-bar';

/** Top of every screen: the 401 rule's alert and navigation, the cookie bar. */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lastAlert = useRef(0);

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
      <CookieBar />
      <ScrollRestoration />
    </>
  );
}
