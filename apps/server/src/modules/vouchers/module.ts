import type { AppModule } from '../../platform/app-module';
import { voucherRoutesPlugin } from './routes';
import { VoucherService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    vouchers: VoucherService;
  }
}

/**
 * Vouchers (002 §2–§9): the operator calls, and their use at billing — billing asks this service
 * which voucher pays (part of) a recharge, and a refund through the ledger gives the use back.
 */
export const vouchersModule: AppModule = {
  name: 'vouchers',
  async register(app, { platform, services }) {
    const service = new VoucherService({ db: platform.database.db });
    services.provide('vouchers', service);
    services.get('billing').useVouchers(service);
    services.get('ledger').onVoucherRefunded = (trx, movement, total) =>
      movement.transaction_pk === null ? Promise.resolve() : service.giveBack(trx, movement.transaction_pk, total);
    await app.register(voucherRoutesPlugin, { service });
  },
};
