import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Tooltip } from 'antd';
import { FilePdfOutlined, LinkOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { formatDateTime } from '../../../lib/format/date-time';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useFeedback } from '../../../lib/use-feedback';
import { useFinancialMovement } from '../api/get-financial-movement';
import { openInvoice } from '../api/open-invoice';
import { useResendInvoice } from '../api/resend-invoice';
import { InvoiceStatus } from './invoice-status';
import { customerName } from './movements-table';
import { PaymentMethod } from './payment-method';
import { RefundDialog } from './refund-dialog';
import { StatusTag } from './status-tag';
import { useMoney } from './use-money';
import { statusDetailText } from '../model/status-detail';
import { usePortalVars } from '../../../lib/theme/use-portal-vars';

/** Statuses whose provider detail says nothing more ('accredited', 'manual'); a rejection's reason is shown. */
const settled = new Set(['approved', 'refunded', 'partial_refund']);

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="fin-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The provider's or the ledger's word on a payment, in the user's language (an unknown provider code shown as a code). */
function StatusDetail({ detail }: { detail: string }) {
  const { t } = useTranslation('financial');
  const text = statusDetailText(detail);
  return (
    <span className="fin-fact__sub" data-testid="fin-drawer-status-detail">
      {t(text.key, { code: text.code })}
    </span>
  );
}

function TenantLogo({ name, url }: { name: string; url: string | null }) {
  const { t } = useTranslation('financial');
  const [broken, setBroken] = useState(false);
  if (url && !broken) return <img className="fin-logo" src={url} alt={t('drawer.tenantLogo', { name })} onError={() => setBroken(true)} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase())
    .join('');
  return (
    <span className="fin-logo fin-logo--initials" role="img" aria-label={t('drawer.tenantLogo', { name })}>
      {initials}
    </span>
  );
}

interface Props {
  /** The row clicked (shown at once, then the server's copy). */
  row: FinancialTransaction;
  open: boolean;
  onClose: () => void;
  /** After a refund or a resend: the page refreshes the list (and this drawer) 2 seconds later. */
  onChanged: (movementPk: number) => void;
}

/** A movement's detail drawer (000 §2): who, how much, how it was paid, its invoice, its composition and its actions. */
export function MovementDrawer({ row, open, onClose, onChanged }: Props) {
  const { t } = useTranslation('financial');
  const { message, modal } = useFeedback();
  const money = useMoney();
  const fmt = useNumberFormat();
  const detail = useFinancialMovement(row.movementPk, row);
  const m = detail.data ?? row;
  const resend = useResendInvoice();
  const [refundOpen, setRefundOpen] = useState(false);
  const vars = usePortalVars();
  const recharge = m.targetType === 'TRANSACTION';
  const currency = m.moneyCoin;
  const name = customerName(m);
  const refunded = m.paymentTransactionAmountRefunded > 0;
  const c = m.composition;

  const confirmResend = () =>
    modal.confirm({
      title: t('messages.resendConfirm'),
      okText: t('resend.ok'),
      cancelText: t('resend.cancel'),
      okButtonProps: { 'data-testid': 'fin-resend-ok' },
      onOk: async () => {
        try {
          await resend.mutateAsync(m.movementPk);
          message.success(t('messages.resendSent'));
          onChanged(m.movementPk);
        } catch {
          message.error(t('messages.resendFailed'));
        }
      },
    });

  const showInvoice = async (url: string) => {
    try {
      await openInvoice(url, `nf-recarga-${m.transactionPk ?? m.movementPk}.pdf`);
    } catch {
      message.error(t('drawer.invoiceError'));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(560px, 100vw)"
      title={
        <span className="fin-drawer__title">
          <span data-testid="fin-drawer-title">{t(`type.${m.targetType}`)}</span>
          <span className="fin-drawer__id" data-testid="fin-drawer-movement">
            {t('drawer.movementId', { id: m.movementPk })}
          </span>
        </span>
      }
      extra={<StatusTag status={m.paymentStatus} />}
      closable={{ 'aria-label': t('drawer.close') }}
      className="fin-drawer"
      rootStyle={vars}
      destroyOnHidden
      data-testid="fin-drawer"
      footer={
        <div className="fin-drawer__actions">
          <Button
            danger
            icon={<RollbackOutlined aria-hidden="true" />}
            disabled={!m.refundable}
            onClick={() => setRefundOpen(true)}
            data-testid="fin-refund"
          >
            {t('drawer.refund')}
          </Button>
          {recharge ? (
            <Button
              icon={<SendOutlined aria-hidden="true" />}
              disabled={!m.nfeResendable}
              loading={resend.isPending}
              onClick={confirmResend}
              data-testid="fin-resend"
            >
              {t('drawer.resend')}
            </Button>
          ) : null}
          <Tooltip title={t('drawer.exportPdfUnavailable')}>
            <span className="fin-disabled-wrap" tabIndex={0} aria-label={`${t('drawer.exportPdf')}: ${t('drawer.exportPdfUnavailable')}`}>
              <Button icon={<FilePdfOutlined aria-hidden="true" />} disabled tabIndex={-1} data-testid="fin-export-pdf">
                {t('drawer.exportPdf')}
              </Button>
            </span>
          </Tooltip>
        </div>
      }
    >
      {detail.isError ? <Alert type="warning" showIcon className="fin-drawer__stale" title={t('drawer.loadError')} /> : null}
      <div className="fin-hero">
        <TenantLogo name={m.tenantName} url={m.tenantLogoUrl} />
        <div className="fin-hero__who">
          <span className="fin-hero__name" data-testid="fin-drawer-customer">
            {name || t('table.noCustomer')}
          </span>
          <span className="fin-hero__sub">{m.userEmail ?? (m.idTag ? t('drawer.tag', { tag: m.idTag }) : m.tenantName)}</span>
          <span className="fin-hero__tenant">{m.tenantName}</span>
        </div>
        <div className={`fin-hero__amount fin-amount--${recharge ? 'charge' : 'in'}`} data-testid="fin-drawer-amount">
          {money.signed(m.paymentTransactionAmount, currency, m.targetType)}
        </div>
      </div>

      {recharge ? (
        <dl className="fin-facts fin-facts--two">
          <Fact label={t('drawer.chargeBox')} testId="fin-drawer-box">
            <span className="fin-fact__main">{m.chargeBoxDescription ?? m.chargeBoxId ?? '—'}</span>
            {m.chargeBoxDescription && m.chargeBoxId ? <span className="fin-fact__sub">{m.chargeBoxId}</span> : null}
          </Fact>
          <Fact label={t('drawer.rechargeId')} testId="fin-drawer-recharge">
            <span className="fin-fact__main">#{m.transactionPk}</span>
            {m.isIdlePayment ? <span className="fin-fact__sub">{t('drawer.idle')}</span> : null}
          </Fact>
        </dl>
      ) : null}

      <h3 className="fin-section-title">{t('drawer.details')}</h3>
      <dl className="fin-facts">
        <Fact label={t('drawer.paymentMethod')}>
          <PaymentMethod type={m.paymentType} />
        </Fact>
        <Fact label={t('drawer.dateTime')} testId="fin-drawer-date">
          {formatDateTime(m.createdTimestamp)}
        </Fact>
        {m.paidTimestamp ? <Fact label={t('drawer.paidAt')}>{formatDateTime(m.paidTimestamp)}</Fact> : null}
        <Fact label={t('drawer.status')} testId="fin-drawer-status">
          <StatusTag status={m.paymentStatus} />
          {m.paymentStatusDetail && !settled.has(m.paymentStatus) ? <StatusDetail detail={m.paymentStatusDetail} /> : null}
        </Fact>
        {recharge ? (
          <Fact label={t('drawer.invoice')} testId="fin-drawer-invoice">
            <InvoiceStatus status={m.nfeStatus} />
            {m.nfeUrls[0] ? (
              <Button
                type="link"
                size="small"
                icon={<LinkOutlined aria-hidden="true" />}
                onClick={() => void showInvoice(m.nfeUrls[0]!)}
                className="fin-invoice-link"
                data-testid="fin-invoice-link"
              >
                {t('drawer.openInvoice')}
              </Button>
            ) : null}
          </Fact>
        ) : null}
        {refunded ? (
          <>
            <Fact label={t('drawer.refunded')} testId="fin-drawer-refunded">
              {money.format(m.paymentTransactionAmountRefunded, currency)}
            </Fact>
            <Fact label={t('drawer.available')} testId="fin-drawer-available">
              {money.format(m.paymentTransactionAmountAvailable, currency)}
            </Fact>
            <Fact label={t('drawer.total')} testId="fin-drawer-total">
              {money.format(m.paymentTransactionAmount, currency)}
            </Fact>
          </>
        ) : null}
      </dl>

      {recharge ? (
        <>
          <h3 className="fin-section-title">{t('drawer.composition')}</h3>
          {c ? (
            <dl className="fin-composition" data-testid="fin-composition">
              <div className="fin-composition__line">
                <dt>{t('drawer.startFee')}</dt>
                <dd>{money.format(c.startFee, currency)}</dd>
              </div>
              <div className="fin-composition__line">
                <dt>{t('drawer.energy', { kwh: fmt.decimal(c.energyWh / 1000, 2) })}</dt>
                <dd>{money.format(c.energy, currency)}</dd>
              </div>
              <div className="fin-composition__line">
                <dt>{t('drawer.operationalFee')}</dt>
                <dd>{money.format(c.operationalFee, currency)}</dd>
              </div>
              <div className="fin-composition__line">
                <dt>{t('drawer.voucherDiscount')}</dt>
                <dd>{c.voucherDiscount ? `− ${money.format(Math.abs(c.voucherDiscount), currency)}` : money.format(0, currency)}</dd>
              </div>
              {c.tax ? (
                <div className="fin-composition__line">
                  <dt>{t('drawer.tax')}</dt>
                  <dd>{money.format(c.tax, currency)}</dd>
                </div>
              ) : null}
              <div className="fin-composition__line fin-composition__line--total">
                <dt>{t('drawer.compositionTotal')}</dt>
                <dd data-testid="fin-composition-total">{money.format(c.total, currency)}</dd>
              </div>
            </dl>
          ) : (
            <p className="fin-muted">{t('drawer.noComposition')}</p>
          )}
        </>
      ) : null}

      <RefundDialog movement={m} open={refundOpen} onClose={() => setRefundOpen(false)} onRefunded={() => onChanged(m.movementPk)} />
    </Drawer>
  );
}
