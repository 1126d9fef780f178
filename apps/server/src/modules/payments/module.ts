import type { AppModule } from '../../platform/app-module';
import { Ledger } from './ledger-service';
import { MercadoPagoProvider } from './mercado-pago-provider';
import { MercadoPagoWebhookService } from './mercado-pago-webhook-service';
import { PaymentProviders } from './payment-provider';
import { SandboxProvider } from './sandbox-provider';
import { webhookRoutes } from './webhook-routes';

declare module '../../platform/app-module' {
  interface ModuleServices {
    ledger: Ledger;
    paymentProviders: PaymentProviders;
  }
}

/**
 * The ledger (movements, wallets, refunds) and the payment providers; a paid recharge asks for its
 * invoice, a refunded one has it cancelled or corrected. Mercado Pago's adapters are registered
 * for its three types, configured or not (without MERCADO_PAGO_ACCESS_TOKEN they answer 503), and
 * its payment notifications arrive at POST /webhooks/mercado-pago.
 */
export const paymentsModule: AppModule = {
  name: 'payments',
  async register(app, { platform, services }) {
    const invoices = services.get('invoices');
    const mp = platform.config.mercadoPago;
    const mpSettings = { accessToken: mp.accessToken, baseUrl: mp.baseUrl, timeoutMs: mp.timeoutMs };
    const mercadoPago = (['MERCADO_PAGO_CARD', 'MERCADO_PAGO_PIX', 'MERCADO_PAGO_PRO'] as const).map(
      (type) => new MercadoPagoProvider(type, mpSettings),
    );
    const providers = new PaymentProviders([new SandboxProvider(), ...mercadoPago]);
    const ledger = new Ledger({
      db: platform.database.db,
      providers,
      onRechargePaid: async (trx, movement) => void (await invoices.request(trx, movement)),
      onRechargeRefunded: (trx, movement, total) => invoices.refunded(trx, movement, total),
    });
    services.provide('paymentProviders', providers);
    services.provide('ledger', ledger);
    const webhook = new MercadoPagoWebhookService({
      db: platform.database.db,
      ledger,
      provider: mercadoPago[0]!,
      secret: mp.webhookSecret,
      maxAgeSec: mp.webhookMaxAgeSec,
      log: app.log,
    });
    await app.register(webhookRoutes, { mercadoPago: webhook });
  },
};
