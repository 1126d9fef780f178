import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../app';
import { BillingService } from '../billing/service';
import { LocalInvoiceIssuer } from '../invoices/local-issuer';
import { InvoiceService } from '../invoices/service';
import { Ledger } from '../payments/ledger';
import { PaymentProviders } from '../payments/payment-provider';
import { SandboxProvider } from '../payments/sandbox-provider';
import { transactionRoutes } from './routes';
import { TransactionService } from './service';

/** The billing side of the product, for other modules (financial screen, wallets, vouchers) and tests. */
export interface BillingModule {
  billing: BillingService;
  ledger: Ledger;
  invoices: InvoiceService;
  providers: PaymentProviders;
  transactions: TransactionService;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingModule;
  }
}

/** Billing job: queue of stopped recharges, idle time, payments in process. */
const BILLING_JOB_MS = 5_000;
/** Invoice job: issuer steps due. */
const INVOICE_JOB_MS = 2_000;

/**
 * Wires transactions, billing, the ledger, payments and invoices: routes, the OCPP post-commit
 * hook (price right after a stop; measure idle time when a connector is released) and the
 * periodic jobs that catch up on anything a crash or another node left behind.
 */
export async function registerTransactionModules(app: FastifyInstance, platform: Platform): Promise<BillingModule> {
  const db = platform.database.db;
  const providers = new PaymentProviders([new SandboxProvider()]);
  const invoices = new InvoiceService({ db, issuer: new LocalInvoiceIssuer(), dataDir: platform.config.dataDir, log: app.log });
  const ledger = new Ledger({ db, providers, onRechargePaid: async (trx, movement) => void (await invoices.request(trx, movement)) });
  const billing = new BillingService({
    db,
    ledger,
    log: app.log,
    pendingCardType: () => providers.configuredTypes()[0] ?? 'MANUAL_DASHBOARD',
  });
  const transactions = new TransactionService({ db, billing, ledger, invoices, providers, log: app.log });
  await transactions.init();

  platform.ocpp.events.onCommitted((effects) => {
    if (effects.stoppedTransactionPks?.length) billing.transactionsStopped(effects.stoppedTransactionPks);
    for (const s of effects.statuses ?? []) billing.connectorStatus(s.status.chargeBoxId, s.status.connectorId, s.status.status);
  });
  platform.jobs.schedule({ name: 'billing.reconcile', everyMs: BILLING_JOB_MS, run: () => billing.reconcile() });
  platform.jobs.schedule({ name: 'invoices.steps', everyMs: INVOICE_JOB_MS, run: () => invoices.jobStep() });
  app.addHook('preClose', async () => {
    invoices.close();
    billing.close();
    await billing.settled();
  });

  await app.register(transactionRoutes, { service: transactions });
  const module: BillingModule = { billing, ledger, invoices, providers, transactions };
  app.decorate('billing', module);
  return module;
}
