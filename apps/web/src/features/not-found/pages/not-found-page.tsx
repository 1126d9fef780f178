import { Button, Result } from 'antd';
import { DisconnectOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      className="not-found"
      icon={
        <span className="not-found__art" aria-hidden="true">
          <span className="not-found__code">404</span>
          <span className="not-found__icon">
            <DisconnectOutlined />
          </span>
        </span>
      }
      title={<h1 className="not-found__title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.text')}
      extra={
        <Button type="primary" size="large" icon={<HomeOutlined aria-hidden="true" />} onClick={() => navigate('/')}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
