import { Button } from 'antd';
import { HomeOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Shown inside the shell on a screen the user's access profile does not include. Plain markup,
 * not antd's Result: Result brings its status illustrations along (≈11 KB), which a screen that
 * only may show this view should not carry.
 */
export function NoPermissionView() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="no-permission" data-testid="no-permission">
      <LockOutlined className="no-permission__icon" aria-hidden="true" />
      <h1 className="no-permission__title">{t('noPermission.title')}</h1>
      <p className="no-permission__text">{t('noPermission.text')}</p>
      <Button type="primary" size="large" icon={<HomeOutlined aria-hidden="true" />} onClick={() => navigate('/')}>
        {t('noPermission.home')}
      </Button>
    </div>
  );
}
