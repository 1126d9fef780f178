import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { ArrowDownOutlined, SwapOutlined, ThunderboltOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FinancialSummary } from '@recarga/contracts/financial';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useMoney } from './use-money';

function Card({
  tone,
  icon,
  label,
  value,
  sub,
  testId,
}: {
  tone: string;
  icon: ReactNode;
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
}) {
  return (
    <li className={`fin-card fin-card--${tone}`} data-testid={testId}>
      <span className="fin-card__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="fin-card__body">
        <span className="fin-card__label">{label}</span>
        <strong className="fin-card__value">{value}</strong>
        {sub ? <span className="fin-card__sub">{sub}</span> : null}
      </div>
    </li>
  );
}

/** The all-movements tab's four cards (000 §2): number of movements, total value, recharges, deposits. */
export function SummaryCards({ summary, loading }: { summary?: FinancialSummary; loading: boolean }) {
  const { t } = useTranslation('financial');
  const fmt = useNumberFormat();
  const money = useMoney();
  if (!summary) {
    return (
      <ul className="fin-cards" aria-label={t('summary.label')} aria-busy={loading}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="fin-card">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  }
  const coin = summary.moneyCoin;
  const others = summary.byCurrency.filter((c) => c.moneyCoin !== coin);
  const count = (n: number) => t(n === 1 ? 'summary.movementsOne' : 'summary.movementsMany', { n: fmt.integer(n) });
  return (
    <ul className="fin-cards" aria-label={t('summary.label')} data-testid="fin-summary">
      <Card
        tone="count"
        icon={<SwapOutlined />}
        label={t('summary.movements')}
        value={fmt.integer(summary.totalTransactions)}
        sub={t('summary.split', { recharges: fmt.integer(summary.totalTransaction), deposits: fmt.integer(summary.totalUser) })}
        testId="fin-summary-count"
      />
      <Card
        tone="total"
        icon={<WalletOutlined />}
        label={t('summary.totalValue')}
        value={money.format(summary.totalValue, coin)}
        sub={
          <>
            {/* What the total holds: paid, pending and refunded money apart (the rest was refused or cancelled). */}
            <span className="fin-card__split" data-testid="fin-summary-split" title={t('summary.totalMeaning')}>
              {t('summary.totalSplit', {
                paid: money.format(summary.paidValue, coin),
                pending: money.format(summary.pendingValue, coin),
                refunded: money.format(summary.refundedValue, coin),
              })}
            </span>
            <span className="visually-hidden">{t('summary.totalMeaning')}</span>
            {others.length ? (
              <span className="fin-card__split">{others.map((c) => money.format(c.totalValue, c.moneyCoin)).join(' · ')}</span>
            ) : null}
          </>
        }
        testId="fin-summary-total"
      />
      <Card
        tone="recharges"
        icon={<ThunderboltOutlined />}
        label={t('summary.recharges')}
        value={money.format(summary.totalTransactionValue, coin)}
        sub={count(summary.totalTransaction)}
        testId="fin-summary-recharges"
      />
      <Card
        tone="deposits"
        icon={<ArrowDownOutlined />}
        label={t('summary.deposits')}
        value={`+ ${money.format(summary.totalUserValue, coin)}`}
        sub={count(summary.totalUser)}
        testId="fin-summary-deposits"
      />
    </ul>
  );
}
