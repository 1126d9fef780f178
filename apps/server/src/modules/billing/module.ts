import type { AppModule } from '../../platform/app-module';
import { BillingService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    billing: BillingService;
  }
}

/** Billing job: queue of stopped recharges, idle time, payments in process. */
const BILLING_JOB_MS = 5_000;

/**
 * Prices recharges: right after a stop commits, and idle time when a connector is released (told
 * by the OCPP central system); the job catches up on anything a crash or another node left behind.
 */
export const billingModule: AppModule = {
  name: 'billing',
  async register(app, { platform, services }) {
    const providers = services.get('paymentProviders');
    const billing = new BillingService({
      db: platform.database.db,
      ledger: services.get('ledger'),
      log: app.log,
      pendingCardType: () => providers.configuredTypes()[0] ?? 'MANUAL_DASHBOARD',
      dynamicPricing: services.get('dynamicPricing'),
    });
    services.provide('billing', billing);
    platform.stations.onCommitted((effects) => {
      if (effects.stoppedTransactionPks?.length) billing.transactionsStopped(effects.stoppedTransactionPks);
      for (const s of effects.statuses ?? []) billing.connectorStatus(s.status.chargeBoxId, s.status.connectorId, s.status.status);
    });
    platform.jobs.schedule({ name: 'billing.reconcile', everyMs: BILLING_JOB_MS, run: () => billing.reconcile() });
    app.addHook('preClose', async () => {
      billing.close();
      await billing.settled();
    });
  },
};
