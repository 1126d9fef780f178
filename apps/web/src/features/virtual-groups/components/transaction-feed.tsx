import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time';
import type { GroupTransaction } from '../api/get-group-transactions';
import { useTransactionFigures } from './use-transaction-figures';

/** Recharges at a group's chargers as a short list (the overview's latest four). */
export function TransactionFeed({ transactions }: { transactions: GroupTransaction[] }) {
  const { t } = useTranslation('virtualGroups');
  const figures = useTransactionFigures();
  return (
    <ol className="vg-feed" data-testid="vg-transaction-feed">
      {transactions.map((x) => (
        <li key={x.transaction_id} className="vg-feed__item">
          <span className="vg-feed__what">
            <strong>#{x.transaction_id}</strong> <span className="vg-code">{x.charge_box_code}</span> ·{' '}
            {t('transactions.connector', { id: x.connector_id })}
          </span>
          <span className="vg-feed__figures">
            {x.stop_timestamp ? `${figures.energy(x.energy_wh)} · ${figures.total(x.total, x.currency)}` : t('transactions.inProgress')}
          </span>
          <time className="vg-feed__time" dateTime={x.timestamp}>
            {formatDateTime(x.timestamp)}
          </time>
        </li>
      ))}
    </ol>
  );
}
