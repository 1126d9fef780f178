import { useState } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useGroupTransactions, type GroupTransaction } from '../api/get-group-transactions';
import { GROUP_PAGE_SIZE } from '../model/limits';
import { useTransactionFigures } from './use-transaction-figures';

/** Recharges at the group's chargers, newest first, 10 a page. */
export function TransactionsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('virtualGroups');
  const figures = useTransactionFigures();
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, refetch } = useGroupTransactions(groupId, page, GROUP_PAGE_SIZE);

  const columns: TableColumnsType<GroupTransaction> = [
    { key: 'id', title: t('transactions.id'), render: (_, x) => <strong className="vg-number">#{x.transaction_id}</strong> },
    {
      key: 'charger',
      title: t('transactions.charger'),
      render: (_, x) => (
        <div className="vg-charger">
          <span className="vg-code">{x.charge_box_code}</span>
          <span className="vg-charger__description">{t('transactions.connector', { id: x.connector_id })}</span>
        </div>
      ),
    },
    {
      key: 'start',
      title: t('transactions.start'),
      render: (_, x) => (
        <time className="vg-number" dateTime={x.timestamp}>
          {formatDateTime(x.timestamp)}
        </time>
      ),
    },
    {
      key: 'end',
      title: t('transactions.end'),
      responsive: ['lg'],
      render: (_, x) =>
        x.stop_timestamp ? (
          <time className="vg-number" dateTime={x.stop_timestamp}>
            {formatDateTime(x.stop_timestamp)}
          </time>
        ) : (
          <span className="vg-muted">{t('transactions.inProgress')}</span>
        ),
    },
    {
      key: 'energy',
      title: t('transactions.energy'),
      align: 'right',
      responsive: ['sm'],
      render: (_, x) => <span className="vg-number">{figures.energy(x.energy_wh)}</span>,
    },
    {
      key: 'total',
      title: t('transactions.total'),
      align: 'right',
      render: (_, x) => <span className="vg-number">{figures.total(x.total, x.currency)}</span>,
    },
  ];

  return (
    <Card variant="borderless" className="section-card">
      <div className="vg-tab-bar">
        <span className="text text--secondary" aria-live="polite">
          {data ? t('transactions.count', { count: data.totalElements }) : '\u00a0'}
        </span>
      </div>
      {isError ? (
        <LoadError
          className="vg-load-error"
          title={t('transactions.loadError')}
          retryText={t('transactions.retry')}
          onRetry={() => void refetch()}
        />
      ) : null}
      <Table<GroupTransaction>
        rowKey="transaction_id"
        columns={columns}
        dataSource={data?.content ?? []}
        loading={isLoading}
        locale={{ emptyText: isLoading ? ' ' : <EmptyState title={t('transactions.empty')} /> }}
        pagination={{
          current: page + 1,
          pageSize: GROUP_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          showLessItems: true,
          hideOnSinglePage: true,
          onChange: (next) => setPage(next - 1),
        }}
        data-testid="vg-transactions"
      />
    </Card>
  );
}
