import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationsDropdown } from '../../features/notifications/components/notifications-dropdown';
import { useBrand } from '../../lib/theme/brand-context';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';

export function AppHeader() {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  return (
    <Layout.Header className="app-header">
      <MobileMenu />
      <Link to="/" className="app-header__brand" aria-label={t('goHome', { brand: brand.displayName })}>
        <img src={brand.logo} alt={brand.displayName} className="app-header__logo" data-testid="header-logo" />
      </Link>
      <div className="app-header__actions">
        <NotificationsDropdown />
        <span className="app-header__divider" aria-hidden="true" />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
