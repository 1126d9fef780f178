import type { ReactNode } from 'react';
import LineChartOutlined from '@ant-design/icons-svg/es/asn/LineChartOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { SvgIcon } from '../../../components/svg-icon';
import type { RenderLink } from '../../../lib/render-link';
import type { ThemeDefinition } from '../../../lib/theme/theme-definition';
import type { Translate } from '../../../lib/translate';
import './auth.css';

/** Tenant-specific footer block of the sign-in screens (only brands with `features.loginFooter`). */
function LoginFooter({ t, brand }: { t: Translate; brand: ThemeDefinition }) {
  const { company } = brand;
  return (
    <footer className="auth-footer" data-testid="login-footer">
      <SvgIcon icon={SafetyOutlined} className="auth-footer__icon" />
      <div>
        <strong className="text">{t('loginFooter.title', { shortName: company.shortName })}</strong>
        <div className="text text--secondary auth-footer__text">
          {t('loginFooter.operatedBy', { legalName: company.legalName, taxDocument: company.taxDocument })}
          <br />
          {t('loginFooter.support', { email: company.email })}
          <br />
          {t('loginFooter.supervision')}
        </div>
      </div>
    </footer>
  );
}

/**
 * Split sign-in frame: brand panel on the left, the form on the right (stacked on phones). Plain
 * elements only: the sign-in page loads it alone, before the app (`t` reads the `auth` texts).
 */
export function AuthFrame({ t, brand, link, children }: { t: Translate; brand: ThemeDefinition; link: RenderLink; children: ReactNode }) {
  const year = new Date().getFullYear();
  const highlights = [
    { icon: ThunderboltOutlined, title: t('brandPanel.highlights.live.title'), text: t('brandPanel.highlights.live.text') },
    { icon: LineChartOutlined, title: t('brandPanel.highlights.revenue.title'), text: t('brandPanel.highlights.revenue.text') },
    { icon: SafetyCertificateOutlined, title: t('brandPanel.highlights.control.title'), text: t('brandPanel.highlights.control.text') },
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
                <span className="auth-brand__icon">
                  <SvgIcon icon={item.icon} />
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
          {children}
        </div>
        {brand.features.loginFooter ? <LoginFooter t={t} brand={brand} /> : null}
        <nav className="auth-main__legal" aria-label={t('legalLinks')}>
          {link('/terms-of-use', t('termsOfUse'))}
          <span className="text text--secondary" aria-hidden="true">
            ·
          </span>
          {link('/privacy-policy', t('privacyPolicy'))}
        </nav>
      </main>
    </div>
  );
}
