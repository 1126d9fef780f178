import { useRef, useState } from 'react';
import { Alert, Button, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useRefundMovement } from '../api/refund-movement';
import { MoneyInput } from '../../../components/money-input';
import { partialRefundProblem, refundQuery, type RefundMode } from '../model/partial-refund';
import { refundErrorKey } from '../model/refund-errors';
import { intentFor, intentSignature, randomKey, type RefundIntent } from '../model/refund-intent';
import { moneyLocaleOf, useMoney } from './use-money';
import { usePortalVars } from '../../../lib/theme/use-portal-vars';
import { useBrand } from '../../../lib/theme/brand-context';

interface Props {
  movement: FinancialTransaction;
  open: boolean;
  onClose: () => void;
  /** After the server made the refund (the page refreshes the list 2 seconds later). */
  onRefunded: () => void;
}

/**
 * The refund dialog (000 §4, §5): the total (what remains) or a partial amount typed in the
 * currency (the app's money field), never above what remains — the continue button stays
 * disabled while the amount is invalid, and says why. A refund cannot be undone, so "Continue"
 * shows what will happen (amount, the way the money goes back, the customer, the movement and its
 * recharge) and only the explicit confirmation sends it. One Idempotency-Key per intent: a double
 * click or a retry of the same amount refunds once.
 */
export function RefundDialog({ movement, open, onClose, onRefunded }: Props) {
  const { t } = useTranslation('financial');
  const { message } = useFeedback();
  const money = useMoney();
  const refund = useRefundMovement();
  const vars = usePortalVars();
  const brand = useBrand();
  const [mode, setMode] = useState<RefundMode>('total');
  const [amount, setAmount] = useState(0);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [failure, setFailure] = useState<string | null>(null);
  const intent = useRef<RefundIntent | null>(null);
  // A double click sends once (and a retry later sends the same key).
  const sending = useRef(false);
  // Each opening starts from the first step. Reset while rendering the opening, not after the last
  // close: a close still animating when the dialog opens again would otherwise wipe the new choice.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setMode('total');
      setAmount(0);
      setStep('choose');
      setFailure(null);
    }
  }
  const remaining = movement.paymentTransactionAmountAvailable;
  const currency = movement.moneyCoin;
  const problem = mode === 'partial' ? partialRefundProblem(amount, remaining) : remaining > 0 ? null : 'empty';
  const refunding = mode === 'partial' ? amount : remaining;
  const customer =
    [movement.userFirstName, movement.userLastName].filter(Boolean).join(' ') ||
    movement.userEmail ||
    (movement.idTag ? t('drawer.tag', { tag: movement.idTag }) : null);

  const submit = async () => {
    if (problem || sending.current) return;
    sending.current = true;
    const query = refundQuery(mode, amount);
    intent.current = intentFor(intent.current, intentSignature(movement.movementPk, query.partialAmount), randomKey);
    setFailure(null);
    try {
      await refund.mutateAsync({ movementPk: movement.movementPk, ...query, idempotencyKey: intent.current.key });
      intent.current = null;
      message.success(t('messages.refundSent'));
      onRefunded();
      onClose();
    } catch (error) {
      message.error(t('messages.refundFailed'));
      const key = isApiError(error) ? refundErrorKey(error.body) : null;
      setFailure(key ? t(key) : null);
    } finally {
      sending.current = false;
    }
  };

  const confirming = step === 'confirm';
  return (
    <Modal
      open={open}
      title={confirming ? t('refund.confirmTitle', { id: movement.movementPk }) : t('refund.title', { id: movement.movementPk })}
      okText={confirming ? t('refund.confirm') : t('refund.continue')}
      cancelText={confirming ? t('refund.back') : t('refund.cancel')}
      onOk={() => {
        if (confirming) void submit();
        else if (!problem) setStep('confirm');
      }}
      onCancel={onClose}
      footer={(_, { OkBtn }) => (
        <>
          {confirming ? (
            <Button onClick={() => setStep('choose')} disabled={refund.isPending} data-testid="fin-refund-back">
              {t('refund.back')}
            </Button>
          ) : (
            <Button onClick={onClose} data-testid="fin-refund-cancel">
              {t('refund.cancel')}
            </Button>
          )}
          <OkBtn />
        </>
      )}
      confirmLoading={refund.isPending}
      okButtonProps={{ disabled: !!problem, danger: true, 'data-testid': confirming ? 'fin-refund-confirm' : 'fin-refund-continue' }}
      destroyOnHidden
      styles={{ root: vars }}
      afterClose={() => {
        // A new opening is a new intent (its key is made at the first send).
        if (!open) intent.current = null;
      }}
      data-testid="fin-refund-dialog"
    >
      {confirming ? (
        <>
          <dl className="fin-refund__summary" data-testid="fin-refund-summary">
            <div>
              <dt>{t('refund.summary.amount')}</dt>
              <dd data-testid="fin-refund-summary-amount">{money.format(refunding, currency)}</dd>
            </div>
            <div>
              <dt>{t('refund.summary.method')}</dt>
              <dd>{t(`paymentTypes.${movement.paymentType}`)}</dd>
            </div>
            <div>
              <dt>{t('refund.summary.customer')}</dt>
              <dd>{customer ?? t('table.noCustomer')}</dd>
            </div>
            <div>
              <dt>{t('refund.summary.movement')}</dt>
              <dd>
                {movement.transactionPk === null
                  ? t('refund.summary.deposit', { id: movement.movementPk })
                  : t('refund.summary.recharge', { id: movement.movementPk, recharge: movement.transactionPk })}
              </dd>
            </div>
          </dl>
          <Alert type="warning" showIcon title={t('refund.irreversible')} className="fin-refund__warning" />
        </>
      ) : (
        <>
          <p className="fin-refund__intro">
            {t('refund.intro', {
              paid: money.format(movement.paymentTransactionAmount, currency),
              available: money.format(remaining, currency),
            })}
          </p>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as RefundMode)}
            className="fin-refund__modes"
            aria-label={t('refund.kind')}
          >
            <Radio value="total" data-testid="fin-refund-total">
              <span className="fin-refund__mode">
                <strong>{t('refund.total')}</strong>
                <span>{t('refund.totalHint', { amount: money.format(remaining, currency) })}</span>
              </span>
            </Radio>
            <Radio value="partial" data-testid="fin-refund-partial">
              <span className="fin-refund__mode">
                <strong>{t('refund.partial')}</strong>
                <span>{t('refund.partialHint')}</span>
              </span>
            </Radio>
          </Radio.Group>
          {mode === 'partial' ? (
            <div className="fin-refund__amount">
              <label htmlFor="fin-refund-amount" className="fin-field__label">
                {t('refund.amount')}
              </label>
              <MoneyInput
                id="fin-refund-amount"
                value={amount || null}
                onChange={(typed) => setAmount(typed ?? 0)}
                currency={currency}
                locale={moneyLocaleOf(currency, brand)}
                invalid={problem === 'tooLarge'}
                autoFocus
                onPressEnter={() => {
                  if (!problem) setStep('confirm');
                }}
                aria-describedby="fin-refund-amount-help"
                data-testid="fin-refund-amount"
              />
              <div
                id="fin-refund-amount-help"
                className={problem === 'tooLarge' ? 'fin-field__error' : 'fin-field__help'}
                role={problem === 'tooLarge' ? 'alert' : undefined}
                data-testid="fin-refund-amount-help"
              >
                {problem === 'tooLarge'
                  ? t('messages.partialTooLarge')
                  : t('refund.amountHelp', { available: money.format(remaining, currency) })}
              </div>
            </div>
          ) : null}
        </>
      )}
      {failure ? <Alert type="error" showIcon className="fin-refund__failure" title={failure} data-testid="fin-refund-failure" /> : null}
    </Modal>
  );
}
