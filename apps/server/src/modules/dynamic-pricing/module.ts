import type { AppModule } from '../../platform/app-module';
import { dynamicPricingRoutes } from './routes';
import { DynamicPricingService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    dynamicPricing: DynamicPricingService;
  }
}

/** Dynamic pricing profiles (002 §2–§5); billing asks it for the quote of a recharge in a priced group. */
export const dynamicPricingModule: AppModule = {
  name: 'dynamic-pricing',
  async register(app, { platform, services }) {
    const service = new DynamicPricingService(platform.database.db);
    services.provide('dynamicPricing', service);
    await app.register(dynamicPricingRoutes, { service });
  },
};
