import type { AppModule } from '../../platform/app-module';
import { Ledger } from './ledger-service';
import { PaymentProviders } from './payment-provider';
import { SandboxProvider } from './sandbox-provider';

declare module '../../platform/app-module' {
  interface ModuleServices {
    ledger: Ledger;
    paymentProviders: PaymentProviders;
  }
}

/** The ledger (movements, wallets, refunds) and the payment providers; a paid recharge asks for its invoice. */
export const paymentsModule: AppModule = {
  name: 'payments',
  async register(_app, { platform, services }) {
    const invoices = services.get('invoices');
    const providers = new PaymentProviders([new SandboxProvider()]);
    const ledger = new Ledger({
      db: platform.database.db,
      providers,
      onRechargePaid: async (trx, movement) => void (await invoices.request(trx, movement)),
    });
    services.provide('paymentProviders', providers);
    services.provide('ledger', ledger);
  },
};
