import { roles } from '@recarga/contracts/permissions';
import { financialInvoiceStatus, transactionInvoiceStatus } from '@recarga/contracts/payments';
import { transactionMessages } from '@recarga/contracts/transactions';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest, forbidden } from '../../platform/errors';
import type { InvoiceService } from '../invoices/service';
import { transactionErrors } from './transaction-errors';

/** The invoice (NF) of a recharge from the transactions screen: resend and PDF download. */
export class TransactionInvoiceService {
  constructor(private readonly invoices: InvoiceService) {}

  /** POST nfe/resend: role DASH_INVOICE or permission /transactions/show_nf_column. */
  async resendInvoice(ctx: RequestContext, body: unknown) {
    if (!ctx.user.roles.has(roles.invoice) && !ctx.user.permitted.has('/transactions/show_nf_column')) {
      throw forbidden(transactionErrors.noInvoiceCapability, 'INVOICE_NOT_ALLOWED');
    }
    const pk =
      typeof body === 'number'
        ? body
        : typeof body === 'string'
          ? Number(body)
          : Number((body as Record<string, unknown>).transactionPk ?? (body as Record<string, unknown>).transaction_pk);
    if (!Number.isSafeInteger(pk) || pk <= 0) throw badRequest('Invalid transaction', { body: 'The transaction pk.' });
    const state = await this.invoices.resend(ctx.tenantScope, pk);
    return {
      message: transactionMessages.invoiceResent,
      nfeStatus: transactionInvoiceStatus(state),
      nfeStatusFinancial: financialInvoiceStatus(state),
    };
  }

  async invoicePdf(ctx: RequestContext, transactionPk: number) {
    return this.invoices.pdfOf(ctx.tenantScope, transactionPk);
  }
}
