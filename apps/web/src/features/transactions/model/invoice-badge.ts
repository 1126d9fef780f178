/** Invoice (NF) status values the transactions screen colours (001 §3, §4). */
const INVOICE_ERROR_STATUSES = ['ERROR_DISABLE_OR_NOT_CONFIGURED', 'ERRO_CANCELAMENTO', 'ERROR_CS'] as const;
const INVOICE_PROCESSING_STATUS = 'PROCESSANDO_AUTORIZACAO';

/**
 * Badge tone of an invoice status: `error` (red, click opens the retry dialog) for the three error
 * statuses, `processing` (grey) while authorisation is pending, `none` (white) when no invoice
 * status is set, `normal` otherwise.
 */
type InvoiceBadgeTone = 'error' | 'processing' | 'none' | 'normal';

export function invoiceBadgeTone(status: string | null | undefined): InvoiceBadgeTone {
  if (status === null || status === undefined || status.trim() === '') return 'none';
  if ((INVOICE_ERROR_STATUSES as readonly string[]).includes(status)) return 'error';
  if (status === INVOICE_PROCESSING_STATUS) return 'processing';
  return 'normal';
}

/** Only a red badge can be retried. */
export function canRetryInvoice(status: string | null | undefined): boolean {
  return invoiceBadgeTone(status) === 'error';
}
