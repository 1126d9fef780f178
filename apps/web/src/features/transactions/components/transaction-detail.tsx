import type { ReactNode } from 'react';
import { Button, Skeleton, Typography } from 'antd';
import { EditOutlined, FileSyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransactionDetail, TransactionRow } from '@recarga/contracts/transactions';
import { LoadError } from '../../../components/load-error';
import { StopRechargeButton } from '../../../components/stop-recharge-button';
import { formatDateTime } from '../../../lib/format/date-time';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useTransaction } from '../api/get-transaction';
import { transactionKeys } from '../api/transaction-keys';
import { canEditPayment } from '../model/edit-payment';
import { canRetryInvoice } from '../model/invoice-badge';
import { POWER_MEASURAND } from '../model/power-series';
import { revenueTone } from '../model/revenue-status';
import type { TransactionAccess } from '../use-transaction-access';
import { CancelIdleButton } from './cancel-idle-button';
import { CloseLostButton } from './close-lost-button';
import { MeterValuesButton } from './meter-values-button';
import { PaymentTypeLabel } from './payment-type-select';
import { PowerChart } from './power-chart';
import { PricingBreakdown } from './pricing-breakdown';
import { RevenueAmount } from './revenue-amount';

interface Props {
  row: TransactionRow;
  access: TransactionAccess;
  onRetryInvoice: (transactionPk: number) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tx-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Composition({ tx }: { tx: TransactionDetail }) {
  const { t } = useTranslation('transactions');
  const c = tx.composition;
  if (!c) return null;
  const lines: [string, string, number][] = [
    [t('detail.startFee'), c.humanReadable.startFee, c.startFee],
    [t('detail.energyFee'), c.humanReadable.energy, c.energy],
    [t('detail.operationalFee'), c.humanReadable.operationalFee, c.operationalFee],
    [t('detail.voucherDiscount'), c.humanReadable.voucherDiscount, c.voucherDiscount],
    [t('detail.tax'), c.humanReadable.tax, c.tax],
  ];
  return (
    <div className="tx-composition">
      <Typography.Text type="secondary" className="tx-section-title">
        {t('detail.composition')}
      </Typography.Text>
      <dl>
        {lines
          .filter(([, , value]) => value !== 0)
          .map(([label, text]) => (
            <div key={label} className="tx-composition__line">
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        <div className="tx-composition__line tx-composition__line--total">
          <dt>{t('detail.total')}</dt>
          <dd>{c.humanReadable.total}</dd>
        </div>
        {c.idle ? (
          <div className="tx-composition__line">
            <dt>{t('detail.idle')}</dt>
            <dd>
              {tx.idlePaymentCanceled ? (
                <>
                  <Typography.Text delete>{c.humanReadable.idle}</Typography.Text>{' '}
                  <Typography.Text type="secondary">({t('detail.idleAmountCanceled')})</Typography.Text>
                </>
              ) : (
                c.humanReadable.idle
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {c.breakdown ? <PricingBreakdown breakdown={c.breakdown} currency={tx.currency} /> : null}
    </div>
  );
}

/** The expanded row: power chart, payment facts and the row's actions. */
export function TransactionDetailPanel({ row, access, onRetryInvoice }: Props) {
  const { t } = useTranslation('transactions');
  const language = useLanguageTag();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useTransaction(row.id);
  // The detail is fresher than the list row (after a payment or a cancel).
  const tx: TransactionRow & Partial<TransactionDetail> = detail.data?.transaction ?? row;
  const tone = revenueTone(tx);
  const showEdit = access.canApprove && canEditPayment(tx);
  const showInvoiceRetry = access.showNf && canRetryInvoice(tx.nfeStatus);

  return (
    <section className="tx-detail" aria-label={t('detail.label', { id: row.id })} data-testid={`tx-detail-${row.id}`}>
      <div className="tx-detail__chart">
        {detail.isLoading ? (
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        ) : detail.isError ? (
          <LoadError title={t('detail.error')} retryText={t('list.retry')} onRetry={() => void detail.refetch()} />
        ) : (
          <PowerChart
            transactionId={row.id}
            points={detail.data?.values[POWER_MEASURAND] ?? []}
            unit={detail.data?.units[POWER_MEASURAND]}
          />
        )}
      </div>
      <div className="tx-detail__side">
        <dl className="tx-facts">
          <Fact label={t('detail.user')}>{tx.userName ?? '—'}</Fact>
          <Fact label={t('detail.tag')}>
            <code className="tx-code">{tx.ocppIdTag}</code>
          </Fact>
          <Fact label={t('detail.stopReason')}>
            {tx.stopReason ? t(`stopReasons.${tx.stopReason}`, { defaultValue: tx.stopReason }) : '—'}
          </Fact>
          {tx.stopEventActor === 'operator' && tx.closedBy && tx.closedAt ? (
            <Fact label={t('lost.closedByLabel')}>{t('lost.closedBy', { who: tx.closedBy, when: formatDateTime(tx.closedAt) })}</Fact>
          ) : null}
          <Fact label={t('detail.autonomy')}>{t('detail.autonomyValue', { km: tx.autonomy.toLocaleString(language) })}</Fact>
          {tx.hasPayment ? (
            <>
              <Fact label={t('detail.payment')}>
                {access.financial ? (
                  <RevenueAmount row={tx} />
                ) : (
                  <span className={`tx-revenue tx-revenue--${tone}`}>{t(`revenue.${tone}`)}</span>
                )}
              </Fact>
              {tx.paymentType ? (
                <Fact label={t('detail.paymentType')}>
                  <PaymentTypeLabel type={tx.paymentType} />
                </Fact>
              ) : null}
              {tx.paymentStatus ? (
                <Fact label={t('detail.paymentStatus')}>{t(`paymentStatus.${tx.paymentStatus}`, { defaultValue: tx.paymentStatus })}</Fact>
              ) : null}
              {tx.paidTimestamp ? <Fact label={t('detail.paidAt')}>{formatDateTime(tx.paidTimestamp)}</Fact> : null}
            </>
          ) : null}
          {tx.idleDuration > 0 ? (
            <Fact label={t('detail.idleTime')}>
              <span data-testid={`tx-idle-amount-${row.id}`} data-canceled={tx.idlePaymentCanceled ? 'true' : 'false'}>
                {tx.idleDurationHumanReadable}
                {tx.moneyIdlePaymentTransactionAmountHumanReadable && tx.moneyIdlePaymentTransactionAmount ? (
                  tx.idlePaymentCanceled ? (
                    <>
                      {' · '}
                      <Typography.Text delete>{tx.moneyIdlePaymentTransactionAmountHumanReadable}</Typography.Text>{' '}
                      <Typography.Text type="secondary">({t('detail.idleAmountCanceled')})</Typography.Text>
                    </>
                  ) : (
                    ` · ${tx.moneyIdlePaymentTransactionAmountHumanReadable}`
                  )
                ) : null}
              </span>
            </Fact>
          ) : null}
        </dl>
        {detail.data?.transaction.composition ? <Composition tx={detail.data.transaction} /> : null}
        <div className="tx-detail__actions" role="group" aria-label={t('detail.actions')}>
          {/* Each draws itself only when it applies: stop while running on an online station (and its answer after), close as lost while open on an offline one. */}
          <StopRechargeButton recharge={tx} onSettled={() => void queryClient.invalidateQueries({ queryKey: transactionKeys.all })} />
          <CloseLostButton row={tx} />
          <MeterValuesButton row={tx} />
          {showEdit ? (
            <Button
              type="primary"
              icon={<EditOutlined aria-hidden="true" />}
              onClick={() => navigate(`/transactions/${row.id}/payment/edit`)}
              data-testid={`tx-edit-payment-${row.id}`}
            >
              {t('detail.editPayment')}
            </Button>
          ) : null}
          {access.canCancelIdle ? <CancelIdleButton row={tx} /> : null}
          {showInvoiceRetry ? (
            <Button
              danger
              icon={<FileSyncOutlined aria-hidden="true" />}
              onClick={() => onRetryInvoice(row.id)}
              data-testid={`tx-invoice-retry-${row.id}`}
            >
              {t('invoice.retryButton')}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
