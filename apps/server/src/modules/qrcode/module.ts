import type { AppModule } from '../../platform/app-module';
import { qrCodeRoutes } from './routes';
import { QrCodeService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    qrcode: QrCodeService;
  }
}

/** The public QR start/stop page's calls and the connectors' QR codes (001 §2, §7). */
export const qrCodeModule: AppModule = {
  name: 'qrcode',
  async register(app, { platform, services }) {
    const service = new QrCodeService(platform.database.db, {
      captcha: platform.captcha,
      operations: services.get('operations'),
    });
    services.provide('qrcode', service);
    // /config shows and rotates the network's QR token (the tenants module is registered first).
    services.get('tenantSettings').useQrTokens(service);
    platform.jobs.schedule({
      name: 'qrcode.throttle-sweep',
      everyMs: 10 * 60_000,
      run: async () => void (await service.sweep()),
    });
    await app.register(qrCodeRoutes, { service });
  },
};
