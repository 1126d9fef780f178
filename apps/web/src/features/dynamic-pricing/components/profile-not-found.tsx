import { Button } from 'antd';
import { PercentageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../../components/not-found-view';

/** A profile (or a day or an exception of it) that is not there: not in the user's networks, or a wrong address. */
export function ProfileNotFound({ text, backTo = '/dynamic-pricing', backLabel }: { text: string; backTo?: string; backLabel?: string }) {
  const { t } = useTranslation('dynamicPricing');
  const navigate = useNavigate();
  return (
    <NotFoundView
      icon={<PercentageOutlined />}
      title={t('profile.notFoundTitle')}
      text={text}
      extra={<Button onClick={() => void navigate(backTo)}>{backLabel ?? t('profile.backToList')}</Button>}
      data-testid="pricing-not-found"
    />
  );
}
