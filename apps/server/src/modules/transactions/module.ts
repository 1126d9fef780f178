import type { AppModule } from '../../platform/app-module';
import { TransactionExportService } from './export-service';
import { TransactionInvoiceService } from './invoice-service';
import { TransactionLostService } from './lost-service';
import { TransactionPaymentService } from './payment-service';
import { TransactionQueryService } from './query-service';
import { transactionRoutes } from './routes';
import { TransactionService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    transactions: TransactionService;
  }
}

/** Recharges: list, detail, exports, payments, idle cancellation and invoices of a recharge. */
export const transactionsModule: AppModule = {
  name: 'transactions',
  async register(app, { platform, services }) {
    const db = platform.database.db;
    const queries = new TransactionQueryService(db);
    await queries.init();
    const transactions = new TransactionService(
      queries,
      new TransactionExportService({ db, tenants: services.get('tenants'), log: app.log }),
      new TransactionPaymentService({ db, billing: services.get('billing'), ledger: services.get('ledger') }),
      new TransactionInvoiceService(services.get('invoices')),
      new TransactionLostService({ db, billing: services.get('billing') }),
    );
    services.provide('transactions', transactions);
    await app.register(transactionRoutes, { service: transactions });
  },
};
