import type { AppModule } from '../../platform/app-module';
import { LocalInvoiceIssuer } from './local-issuer';
import { InvoiceService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    invoices: InvoiceService;
  }
}

/** Invoice job: issuer steps due. */
const INVOICE_JOB_MS = 2_000;

/** Invoices (NF) of paid recharges through the configured issuer; the job walks their status machine. */
export const invoicesModule: AppModule = {
  name: 'invoices',
  async register(app, { platform, services }) {
    const invoices = new InvoiceService({
      db: platform.database.db,
      issuer: new LocalInvoiceIssuer(),
      dataDir: platform.config.dataDir,
      log: app.log,
    });
    services.provide('invoices', invoices);
    platform.jobs.schedule({ name: 'invoices.steps', everyMs: INVOICE_JOB_MS, run: () => invoices.jobStep() });
    app.addHook('preClose', async () => invoices.close());
  },
};
