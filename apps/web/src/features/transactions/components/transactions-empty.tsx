import { Button, Result } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The list's empty state: the not-found view (001 §2), worded for an empty result. */
export function TransactionsEmpty({ onClear }: { onClear?: () => void }) {
  const { t } = useTranslation('transactions');
  return (
    <Result
      className="not-found tx-empty"
      icon={
        <span className="not-found__art" aria-hidden="true">
          <span className="not-found__code">404</span>
          <span className="not-found__icon">
            <FileSearchOutlined />
          </span>
        </span>
      }
      title={<h2 className="not-found__title tx-empty__title">{t('list.emptyTitle')}</h2>}
      subTitle={t('list.emptyText')}
      extra={onClear ? <Button onClick={onClear}>{t('list.clearFilters')}</Button> : null}
      data-testid="tx-empty"
    />
  );
}
