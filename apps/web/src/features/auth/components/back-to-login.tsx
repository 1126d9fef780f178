import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The link under the recovery forms that returns to the sign-in page. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <p className="auth-back">
      <Link to="/auth/login">
        <ArrowLeftOutlined aria-hidden="true" /> {t('recover.backToLogin')}
      </Link>
    </p>
  );
}
