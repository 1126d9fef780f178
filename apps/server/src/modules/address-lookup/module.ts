import type { AppModule } from '../../platform/app-module';
import { ensureSecret } from '../../platform/secrets';
import { ViaCepAdapter } from './cep-adapter';
import { NominatimGeocoder } from './geocoder';
import { LookupSigner } from './lookup-token';
import { addressLookupRoutes } from './routes';
import { AddressLookupService } from './service';

declare module '../../platform/app-module' {
  interface ModuleServices {
    addressLookup: AddressLookupService;
  }
}

/** Look-up services never make a form wait longer than this. */
const LOOKUP_TIMEOUT_MS = 3000;

/** Zip-code and geocoding look-ups for the station and group forms, with a signed proof of what they answered. */
export const addressLookupModule: AppModule = {
  name: 'address-lookup',
  async register(app, { platform, services }) {
    const { config, database } = platform;
    const service = new AddressLookupService(
      new ViaCepAdapter(config.services.cepUrl, LOOKUP_TIMEOUT_MS),
      new NominatimGeocoder(config.services.geocoderUrl, LOOKUP_TIMEOUT_MS),
      new LookupSigner(await ensureSecret(database.db, 'address_lookup_secret')),
    );
    services.provide('addressLookup', service);
    await app.register(addressLookupRoutes, { service });
  },
};
