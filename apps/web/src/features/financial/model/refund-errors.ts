import { financialMessages } from '@recarga/contracts/financial-constants';

type MessageKey = keyof typeof financialMessages;

/** Error codes of the refund call whose meaning the screen says in its own words (locale `refund.errors.*`). */
const ownTexts = new Set(['WALLET_BALANCE_LOW', 'PAYMENT_PROVIDER_NOT_CONFIGURED', 'PAYMENT_PROVIDER_UNCONFIRMED', 'REFUND_IN_PROGRESS']);

const byCode: Record<string, MessageKey> = {
  REFUND_TOO_LARGE: 'partialTooLarge',
  NOT_REFUNDABLE: 'refundNotApproved',
  NOT_FOUND: 'movementNotFound',
  IDEMPOTENCY_KEY_REUSED: 'idempotencyKeyReused',
  PAYMENT_PROVIDER_FAILED: 'providerFailed',
};

/**
 * The locale key that says why a refund was refused, from the answer's `{ code, message }`: the
 * contract's message when the server sent one of them (NOT_REFUNDABLE has two: not approved,
 * nothing left), else the code's; null when there is nothing more to say than the spec's toast.
 */
export function refundErrorKey(body: { code?: string; message?: string } | undefined): string | null {
  if (!body?.code) return null;
  const exact = (Object.keys(financialMessages) as MessageKey[]).find((key) => financialMessages[key] === body.message);
  if (exact) return `messages.${exact}`;
  if (ownTexts.has(body.code)) return `refund.errors.${body.code}`;
  const key = byCode[body.code];
  return key ? `messages.${key}` : null;
}
