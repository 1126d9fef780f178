import { Button, Result } from 'antd';
import { HomeOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown inside the shell on a screen the user's access profile does not include. */
export function NoPermissionView() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      className="no-permission"
      data-testid="no-permission"
      icon={<LockOutlined className="no-permission__icon" aria-hidden="true" />}
      title={<h1 className="no-permission__title">{t('noPermission.title')}</h1>}
      subTitle={t('noPermission.text')}
      extra={
        <Button type="primary" size="large" icon={<HomeOutlined aria-hidden="true" />} onClick={() => navigate('/')}>
          {t('noPermission.home')}
        </Button>
      }
    />
  );
}
