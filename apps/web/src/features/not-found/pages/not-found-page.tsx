import { Button } from 'antd';
import { DisconnectOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../../components/not-found-view';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <NotFoundView
      icon={<DisconnectOutlined />}
      title={t('notFound.title')}
      text={t('notFound.text')}
      extra={
        <Button type="primary" size="large" icon={<HomeOutlined aria-hidden="true" />} onClick={() => navigate('/')}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
