import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useBrand } from '../../lib/theme/brand-context';

/** Frame of the public pages (terms, privacy, not found): brand bar, readable column, footer. */
export function PublicLayout() {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <Link to="/" aria-label={t('goHome', { brand: brand.displayName })}>
          <img src={brand.logo} alt={brand.displayName} className="public-page__logo" />
        </Link>
      </header>
      <main id="main-content" className="public-page__main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="public-page__footer">
        <span>
          © {new Date().getFullYear()} {brand.company.legalName}
        </span>
        <nav aria-label={t('legalLinks')}>
          <Link to="/terms-of-use">{t('termsOfUse')}</Link>
          <Link to="/privacy-policy">{t('privacyPolicy')}</Link>
        </nav>
      </footer>
    </div>
  );
}
