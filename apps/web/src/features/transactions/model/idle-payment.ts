/** Idle payment can be cancelled only when idle time exceeds 20 minutes (001 §4, §9). */
const IDLE_CANCEL_MIN_MINUTES = 20;

interface IdleFields {
  /** Idle time in seconds. */
  idleDuration: number | null | undefined;
  /** Idle amount in minor units; absent when the caller may not see amounts. */
  moneyIdlePaymentTransactionAmount?: number | null;
  /** Already cancelled. */
  idlePaymentCanceled?: boolean;
  /** The server's answer to "may it be cancelled now" (idle amount exists, not cancelled, not paid). */
  canCancelIdlePayment?: boolean;
}

/**
 * `hidden` unless the idle time exceeds 20 minutes; `canceled` once cancelled (shown disabled);
 * `disabled` when there is no idle amount to cancel; `available` otherwise.
 */
type IdleCancelState = 'hidden' | 'canceled' | 'disabled' | 'available';

export function idleCancelState(row: IdleFields): IdleCancelState {
  const seconds = row.idleDuration;
  if (typeof seconds !== 'number' || !(seconds > IDLE_CANCEL_MIN_MINUTES * 60)) return 'hidden';
  if (row.idlePaymentCanceled) return 'canceled';
  const amount = row.moneyIdlePaymentTransactionAmount;
  if (typeof amount === 'number' && amount <= 0) return 'disabled';
  if (row.canCancelIdlePayment === false) return 'disabled';
  return 'available';
}
