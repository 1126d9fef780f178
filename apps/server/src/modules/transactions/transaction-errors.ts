import { IDLE_CANCEL_MIN_MINUTES } from '@recarga/contracts/transactions';

/** Messages of the transactions calls' errors. */
export const transactionErrors = {
  notFound: 'Transaction not found',
  running: 'The recharge is still running; it can be paid once it stops.',
  priceless: 'This recharge has nothing to pay (PRICELESS).',
  idleTooShort: `The idle payment can be cancelled only when the idle time exceeds ${IDLE_CANCEL_MIN_MINUTES} minutes.`,
  noIdleAmount: 'There is no idle amount to cancel.',
  idleCanceled: 'The idle payment is already cancelled.',
  idlePaid: 'The idle payment is already paid; refund it instead.',
  revenueFilter: 'The revenue-status filter needs the financial indicators role.',
  futurePaid: 'The payment time may not be in the future.',
  noInvoiceCapability: 'Resending invoices needs the invoice capability.',
} as const;
