import { Empty, Skeleton, Tag, Typography } from 'antd';
import { ClockCircleOutlined, ThunderboltOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StopRechargeButton } from '../../../components/stop-recharge-button';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useStationTransactions } from '../api/get-station-transactions';
import { stationKeys } from '../api/station-keys';

/**
 * Recent recharges of the station (energy, duration, income), from the transaction list call; a
 * recharge charging on a connector of an online station can be stopped from here.
 */
export function StationTransactions({ pk }: { pk: number }) {
  const { t } = useTranslation('stations');
  const queryClient = useQueryClient();
  const { data, isLoading, isError, error } = useStationTransactions(pk);
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) {
    const missing = isApiError(error) && error.status === 404;
    return <Typography.Text type="secondary">{missing ? t('card.transactionsUnavailable') : t('card.transactionsError')}</Typography.Text>;
  }
  if (!data || data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noTransactions')} />;
  return (
    <ol className="station-transactions">
      {data.map((tx) => (
        <li key={tx.id} className="station-transactions__item">
          <div className="station-transactions__head">
            <Typography.Text strong>{t('card.transactionId', { id: tx.id, connector: tx.connectorId })}</Typography.Text>
            <time dateTime={tx.startTimestamp}>{formatDateTime(tx.startTimestamp)}</time>
          </div>
          <div className="station-transactions__figures">
            <span>{tx.stopTimestamp === null ? <Tag color="processing">{t('card.running')}</Tag> : null}</span>
            <span>
              <ThunderboltOutlined aria-hidden="true" /> {tx.energyHumanReadable}
            </span>
            <span>
              <ClockCircleOutlined aria-hidden="true" /> {tx.durationHumanReadable}
            </span>
            {tx.incomeHumanReadable ? <span className="station-transactions__income">{tx.incomeHumanReadable}</span> : null}
          </div>
          {tx.userName ? (
            <Typography.Text type="secondary" className="station-transactions__user">
              <UserOutlined aria-hidden="true" /> {tx.userName}
            </Typography.Text>
          ) : null}
          <StopRechargeButton
            recharge={tx}
            onSettled={() => void queryClient.invalidateQueries({ queryKey: stationKeys.transactions(pk) })}
          />
        </li>
      ))}
    </ol>
  );
}
