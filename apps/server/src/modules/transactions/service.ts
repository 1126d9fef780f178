import type { TransactionExportService } from './export-service';
import type { TransactionInvoiceService } from './invoice-service';
import type { TransactionLostService } from './lost-service';
import type { TransactionPaymentService } from './payment-service';
import type { TransactionQueryService } from './query-service';

/**
 * The transactions screen's calls in one place for its routes. The work is split by concern:
 * reads (query-service.ts), .xlsx files (export-service.ts), payments (payment-service.ts) and
 * invoices (invoice-service.ts) and the close of a lost recharge (lost-service.ts); each call here is that service's own method.
 */
export class TransactionService {
  constructor(
    readonly queries: TransactionQueryService,
    readonly exports: TransactionExportService,
    readonly payments: TransactionPaymentService,
    readonly invoices: TransactionInvoiceService,
    readonly lost: TransactionLostService,
  ) {}

  list: TransactionQueryService['list'] = (...a) => this.queries.list(...a);
  detail: TransactionQueryService['detail'] = (...a) => this.queries.detail(...a);
  xlsx: TransactionExportService['xlsx'] = (...a) => this.exports.xlsx(...a);
  meterValuesXlsx: TransactionExportService['meterValuesXlsx'] = (...a) => this.exports.meterValuesXlsx(...a);
  pay: TransactionPaymentService['pay'] = (...a) => this.payments.pay(...a);
  confirmPayments: TransactionPaymentService['confirmPayments'] = (...a) => this.payments.confirmPayments(...a);
  checkout: TransactionPaymentService['checkout'] = (...a) => this.payments.checkout(...a);
  cancelIdlePayment: TransactionPaymentService['cancelIdlePayment'] = (...a) => this.payments.cancelIdlePayment(...a);
  paymentTypes: TransactionPaymentService['paymentTypes'] = (...a) => this.payments.paymentTypes(...a);
  resendInvoice: TransactionInvoiceService['resendInvoice'] = (...a) => this.invoices.resendInvoice(...a);
  invoicePdf: TransactionInvoiceService['invoicePdf'] = (...a) => this.invoices.invoicePdf(...a);
  closeAsLost: TransactionLostService['closeAsLost'] = (...a) => this.lost.closeAsLost(...a);
}
