import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useCancelIdlePayment } from '../api/cancel-idle-payment';
import { idleCancelState } from '../model/idle-payment';

/**
 * Cancel Idle Payment (001 §4): offered only when the idle time exceeds 20 minutes, disabled when
 * there is no idle amount; after a 204 it reads 'Idle Payment Canceled' and stays disabled.
 */
export function CancelIdleButton({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const { message, modal } = useFeedback();
  const cancel = useCancelIdlePayment(row.id);
  const [canceledHere, setCanceledHere] = useState(false);
  const state = canceledHere ? 'canceled' : idleCancelState(row);
  if (state === 'hidden') return null;

  if (state === 'canceled') {
    return (
      <Button icon={<StopOutlined aria-hidden="true" />} disabled data-testid={`tx-idle-${row.id}`} data-state="canceled">
        {t('detail.idleCanceledLabel')}
      </Button>
    );
  }
  if (state === 'disabled') {
    return (
      <Tooltip title={t('detail.idleNoAmount')}>
        <span className="tx-disabled-option" tabIndex={0} aria-label={`${t('detail.cancelIdle')}: ${t('detail.idleNoAmount')}`}>
          <Button icon={<ClockCircleOutlined aria-hidden="true" />} disabled data-testid={`tx-idle-${row.id}`} data-state="disabled">
            {t('detail.cancelIdle')}
          </Button>
        </span>
      </Tooltip>
    );
  }

  const run = async () => {
    try {
      const done = await cancel.mutateAsync();
      if (done) {
        setCanceledHere(true);
        message.success(t('detail.idleCanceled'));
      } else {
        message.error(t('detail.idleCancelFailed'));
      }
    } catch (error) {
      // The server refused (4xx): the cancel failed; no answer or a server error: an error occurred.
      if (isApiError(error) && error.kind === 'http' && error.status < 500) message.error(t('detail.idleCancelFailed'));
      else message.error(t('detail.idleCancelError'));
    }
  };

  const ask = () => {
    const time = row.idleDurationHumanReadable;
    const amount = row.moneyIdlePaymentTransactionAmountHumanReadable;
    modal.confirm({
      title: t('detail.cancelIdleTitle'),
      content: amount ? t('detail.cancelIdleText', { amount, time }) : t('detail.cancelIdleTextNoAmount', { time }),
      okText: t('detail.cancelIdleConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'tx-idle-confirm' },
      cancelText: t('detail.keep'),
      onOk: run,
    });
  };

  return (
    <Button
      danger
      icon={<ClockCircleOutlined aria-hidden="true" />}
      loading={cancel.isPending}
      onClick={ask}
      data-testid={`tx-idle-${row.id}`}
      data-state="available"
    >
      {t('detail.cancelIdle')}
    </Button>
  );
}
