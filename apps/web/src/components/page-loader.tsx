import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder while a screen's code or data loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
