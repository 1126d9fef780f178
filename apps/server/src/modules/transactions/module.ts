import type { AppModule } from '../../platform/app-module';
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
    const transactions = new TransactionService({
      db: platform.database.db,
      billing: services.get('billing'),
      ledger: services.get('ledger'),
      invoices: services.get('invoices'),
      providers: services.get('paymentProviders'),
      tenants: services.get('tenants'),
      log: app.log,
    });
    await transactions.init();
    services.provide('transactions', transactions);
    await app.register(transactionRoutes, { service: transactions });
  },
};
