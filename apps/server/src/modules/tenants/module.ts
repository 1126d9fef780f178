import type { AppModule } from '../../platform/app-module';
import { tenantRoutes } from './routes';
import { TenantService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    tenants: TenantService;
  }
}

/** The tenant tree of the caller's scope, and the tenant's plan limits. */
export const tenantsModule: AppModule = {
  name: 'tenants',
  async register(app, { platform, services }) {
    const service = new TenantService(platform.database.db);
    services.provide('tenants', service);
    await app.register(tenantRoutes, { service });
  },
};
