import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { revenueTone } from '../model/revenue-status';

/**
 * Income of a recharge in its revenue colour (001 §4): information, paid, not paid. Colour is never
 * the only cue. Callers whose rows carry no income (no payment or invoice capability) see the state only.
 */
export function RevenueAmount({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const tone = revenueTone(row);
  const label = t(`revenue.${tone}`);
  return (
    <span className={`tx-revenue tx-revenue--${tone}`} data-testid={`tx-income-${row.id}`} data-tone={tone}>
      {row.incomeHumanReadable !== undefined ? <span className="tx-revenue__amount">{row.incomeHumanReadable}</span> : null}
      <span className="tx-revenue__state">
        <span className="tx-revenue__dot" aria-hidden="true" />
        {label}
      </span>
    </span>
  );
}
