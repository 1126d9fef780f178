import { Button } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

/** The list's empty state, worded for an empty result, with a way to clear the filters. */
export function TransactionsEmpty({ onClear }: { onClear?: () => void }) {
  const { t } = useTranslation('transactions');
  return (
    <EmptyState
      icon={<FileSearchOutlined />}
      title={t('list.emptyTitle')}
      text={t('list.emptyText')}
      actions={onClear ? <Button onClick={onClear}>{t('list.clearFilters')}</Button> : null}
      data-testid="tx-empty"
    />
  );
}
