import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
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

/**
 * "label value" pairs on one line, parted by " · " (kept at the end of a line): a narrow card breaks
 * between two pairs, never inside one ('Pago R$' at a line's end and '1.234,56' on the next).
 */
function Pairs({ pairs, ...rest }: { pairs: string[] } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span {...rest}>
      {pairs.map((pair, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span className="fin-card__pair">{i < pairs.length - 1 ? `${pair}\u00a0·` : pair}</span>
        </Fragment>
      ))}
    </span>
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
        sub={
          <Pairs
            pairs={[
              t('summary.splitRecharges', { n: fmt.integer(summary.totalTransaction) }),
              t('summary.splitDeposits', { n: fmt.integer(summary.totalUser) }),
            ]}
          />
        }
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
            <Pairs
              className="fin-card__split"
              data-testid="fin-summary-split"
              title={t('summary.totalMeaning')}
              pairs={[
                t('summary.totalPaid', { value: money.format(summary.paidValue, coin) }),
                t('summary.totalPending', { value: money.format(summary.pendingValue, coin) }),
                t('summary.totalRefunded', { value: money.format(summary.refundedValue, coin) }),
              ]}
            />
            <span className="visually-hidden">{t('summary.totalMeaning')}</span>
            {others.length ? (
              <Pairs className="fin-card__split" pairs={others.map((c) => money.format(c.totalValue, c.moneyCoin))} />
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
