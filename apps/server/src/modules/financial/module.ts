import type { AppModule } from '../../platform/app-module';
import { FinancialExportService } from './export-service';
import { financialRoutes } from './routes';
import { FinancialService } from './service';

/** Financial movements (000 §2, §7): the ledger's movements, summary, pickers, refunds and invoice resends, under /gateway. */
export const financialModule: AppModule = {
  name: 'financial',
  async register(app, { platform, services }) {
    const service = new FinancialService({
      db: platform.database.db,
      ledger: services.get('ledger'),
      invoices: services.get('invoices'),
    });
    const exports = new FinancialExportService({
      db: platform.database.db,
      financial: service,
      tenants: services.get('tenants'),
      log: app.log,
    });
    await app.register(financialRoutes, { service, exports });
  },
};
