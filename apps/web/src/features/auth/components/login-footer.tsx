import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/theme/brand-context';

/** Tenant-specific footer block of the login screen (only brands with `features.loginFooter`). */
export function LoginFooter() {
  const { t } = useTranslation('auth');
  const { company } = useBrand();
  return (
    <footer className="auth-footer" data-testid="login-footer">
      <SafetyOutlined className="auth-footer__icon" aria-hidden="true" />
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
