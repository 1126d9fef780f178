import { Button } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../../components/not-found-view';

/** The list's empty state: the not-found view (001 §2), worded for an empty result. */
export function TransactionsEmpty({ onClear }: { onClear?: () => void }) {
  const { t } = useTranslation('transactions');
  return (
    <NotFoundView
      className="tx-empty"
      heading="h2"
      icon={<FileSearchOutlined />}
      title={t('list.emptyTitle')}
      text={t('list.emptyText')}
      extra={onClear ? <Button onClick={onClear}>{t('list.clearFilters')}</Button> : null}
      data-testid="tx-empty"
    />
  );
}
