import type { AppModule } from '../../platform/app-module';
import { adminRoutes } from './admin-routes';
import { TenantAdminService } from './admin-service';
import { configRoutes } from './config-routes';
import { TenantSettingsService } from './config-service';
import { tenantRoutes } from './routes';
import { TenantService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    tenants: TenantService;
    /** A network's own settings: the qrcode module plugs its QR tokens in, the push module reads a network's FCM account. */
    tenantSettings: TenantSettingsService;
  }
}

/** The tenant tree of the caller's scope, the tenant's plan limits, its settings (/config) and their administration (/admin). */
export const tenantsModule: AppModule = {
  name: 'tenants',
  async register(app, { platform, services }) {
    const db = platform.database.db;
    const service = new TenantService(db);
    const settings = new TenantSettingsService(db);
    services.provide('tenants', service);
    services.provide('tenantSettings', settings);
    await app.register(tenantRoutes, { service });
    await app.register(configRoutes, { service: settings });
    await app.register(adminRoutes, { service: new TenantAdminService(db) });
  },
};
