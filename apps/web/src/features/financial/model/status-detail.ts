import { ledgerStatusDetails as ledger } from '@recarga/contracts/financial-constants';

/**
 * What a payment's status detail says, as a locale key under `statusDetail.*`. The detail is what the
 * provider or the ledger wrote: Mercado Pago's `status_detail` codes (cc_rejected_…, pending_…),
 * the ledger's own marks and its wallet message. A known one is worded in the user's language; an
 * unknown one is shown as the provider's code, labelled as such (`statusDetail.providerCode`), so an
 * operator can quote it to support without reading it as a sentence.
 */
const known: Record<string, string> = {
  // The ledger's own (contracts), then Mercado Pago's status_detail codes.
  [ledger.accredited]: 'accredited',
  [ledger.voucher]: 'voucher',
  [ledger.manual]: 'manual',
  [ledger.checkoutStarted]: 'checkoutStarted',
  [ledger.voucherReturned]: 'voucherReturned',
  [ledger.demoDeposit]: 'manual',
  [ledger.walletLow]: 'walletLow',
  pending_contingency: 'pendingContingency',
  pending_review_manual: 'pendingReview',
  pending_waiting_payment: 'pendingWaiting',
  pending_waiting_transfer: 'pendingWaiting',
  cc_rejected_insufficient_amount: 'insufficientAmount',
  cc_rejected_bad_filled_card_number: 'badCardData',
  cc_rejected_bad_filled_date: 'badCardData',
  cc_rejected_bad_filled_other: 'badCardData',
  cc_rejected_bad_filled_security_code: 'badCardData',
  cc_rejected_blacklist: 'refusedByIssuer',
  cc_rejected_call_for_authorize: 'callForAuthorize',
  cc_rejected_card_disabled: 'cardDisabled',
  cc_rejected_card_error: 'refusedByIssuer',
  cc_rejected_duplicated_payment: 'duplicated',
  cc_rejected_high_risk: 'highRisk',
  cc_rejected_invalid_installments: 'refusedByIssuer',
  cc_rejected_max_attempts: 'maxAttempts',
  cc_rejected_other_reason: 'refusedByIssuer',
  expired: 'expired',
};

export type StatusDetailText = { key: string; code?: string };

/** The locale key for a status detail (and the raw code when it is one the screen does not know). */
export function statusDetailText(detail: string): StatusDetailText {
  const key = known[detail];
  return key ? { key: `statusDetail.${key}` } : { key: 'statusDetail.providerCode', code: detail };
}
