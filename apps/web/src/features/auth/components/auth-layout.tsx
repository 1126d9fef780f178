import { Outlet, Link } from 'react-router';
import { LineChartOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/theme/brand-context';
import { LoginFooter } from './login-footer';

/** Split sign-in layout: brand panel on the left, the form on the right (stacked on phones). */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const year = new Date().getFullYear();
  const highlights = [
    { icon: <ThunderboltOutlined />, title: t('brandPanel.highlights.live.title'), text: t('brandPanel.highlights.live.text') },
    { icon: <LineChartOutlined />, title: t('brandPanel.highlights.revenue.title'), text: t('brandPanel.highlights.revenue.text') },
    {
      icon: <SafetyCertificateOutlined />,
      title: t('brandPanel.highlights.control.title'),
      text: t('brandPanel.highlights.control.text'),
    },
  ];

  return (
    <div className="auth-page">
      <aside className="auth-brand" aria-label={t('brandPanel.label', { brand: brand.displayName })}>
        <div className="auth-brand__glow" aria-hidden="true" />
        <div className="auth-brand__grid" aria-hidden="true" />
        <img className="auth-brand__logo" src={brand.logoLight} alt={brand.displayName} />
        <div className="auth-brand__body">
          <p className="auth-brand__eyebrow">{t('brandPanel.eyebrow')}</p>
          <h1 className="auth-brand__headline">{t('brandPanel.headline')}</h1>
          <p className="auth-brand__lead">{t('brandPanel.lead')}</p>
          <ul className="auth-brand__highlights">
            {highlights.map((item) => (
              <li key={item.title}>
                <span className="auth-brand__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span>
                  <strong>{item.title}</strong>
                  <span>{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="auth-brand__copyright">
          © {year} {brand.company.legalName}
        </p>
      </aside>
      <main id="main-content" className="auth-main" tabIndex={-1}>
        <div className="auth-main__inner">
          <img className="auth-main__logo" src={brand.logo} alt={brand.displayName} />
          <Outlet />
        </div>
        {brand.features.loginFooter ? <LoginFooter /> : null}
        <nav className="auth-main__legal" aria-label={t('legalLinks')}>
          <Link to="/terms-of-use">{t('termsOfUse')}</Link>
          <span className="text text--secondary" aria-hidden="true">
            ·
          </span>
          <Link to="/privacy-policy">{t('privacyPolicy')}</Link>
        </nav>
      </main>
    </div>
  );
}
