import { useRef, useState } from 'react';
import { Alert, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinancialTransaction } from '@recarga/contracts/financial';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useRefundMovement } from '../api/refund-movement';
import { hundredthsOfTyped, partialRefundProblem, refundQuery, type RefundMode } from '../model/partial-refund';
import { refundErrorKey } from '../model/refund-errors';
import { intentFor, intentSignature, randomKey, type RefundIntent } from '../model/refund-intent';
import { useMoney } from './use-money';
import { usePortalVars } from '../../../lib/theme/use-portal-vars';

interface Props {
  movement: FinancialTransaction;
  open: boolean;
  onClose: () => void;
  /** After the server made the refund (the page refreshes the list 2 seconds later). */
  onRefunded: () => void;
}

/**
 * The refund dialog (000 §4, §5): the total (what remains) or a partial amount typed in
 * hundredths, never above what remains — the continue button stays disabled while the amount is
 * invalid, and says why. One Idempotency-Key per intent: a double click or a retry of the same
 * amount refunds once.
 */
export function RefundDialog({ movement, open, onClose, onRefunded }: Props) {
  const { t } = useTranslation('financial');
  const { message } = useFeedback();
  const money = useMoney();
  const refund = useRefundMovement();
  const vars = usePortalVars();
  const [mode, setMode] = useState<RefundMode>('total');
  const [amount, setAmount] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const intent = useRef<RefundIntent | null>(null);
  // A double click sends once (and a retry later sends the same key).
  const sending = useRef(false);
  const remaining = movement.paymentTransactionAmountAvailable;
  const currency = movement.moneyCoin;
  const problem = mode === 'partial' ? partialRefundProblem(amount, remaining) : remaining > 0 ? null : 'empty';

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

  return (
    <Modal
      open={open}
      title={t('refund.title', { type: t(`type.${movement.targetType}`), id: movement.movementPk })}
      okText={t('refund.continue')}
      cancelText={t('refund.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={refund.isPending}
      okButtonProps={{ disabled: !!problem, danger: true, 'data-testid': 'fin-refund-continue' }}
      destroyOnHidden
      styles={{ root: vars }}
      afterClose={() => {
        setMode('total');
        setAmount(0);
        setFailure(null);
        intent.current = null;
      }}
      data-testid="fin-refund-dialog"
    >
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
          <Input
            id="fin-refund-amount"
            value={money.format(amount, currency)}
            onChange={(e) => setAmount(hundredthsOfTyped(e.target.value))}
            onPressEnter={() => void submit()}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            status={problem === 'tooLarge' ? 'error' : undefined}
            aria-invalid={problem === 'tooLarge' ? true : undefined}
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
      {failure ? <Alert type="error" showIcon className="fin-refund__failure" title={failure} data-testid="fin-refund-failure" /> : null}
    </Modal>
  );
}
