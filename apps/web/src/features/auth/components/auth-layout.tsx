import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/theme/brand-context';
import type { RenderLink } from '../../../lib/render-link';
import type { Translate } from '../../../lib/translate';
import { AuthFrame } from '../lite/auth-frame';

const routerLink: RenderLink = (to, children) => <Link to={to}>{children}</Link>;

/** The sign-in frame around the guest screens of the app (login after a sign-out, register, recovery). */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const translate: Translate = (key, values) => t(key, values);
  return (
    <AuthFrame t={translate} brand={brand} link={routerLink}>
      <Outlet />
    </AuthFrame>
  );
}
