import type { z } from 'zod';
import type { cepResponseSchema, geocodeResponseSchema } from '@recarga/contracts/stations';
import type { RequestContext } from '../../platform/auth/context';
import type { CepAdapter } from './cep-adapter';
import type { GeocodeQuery, Geocoder } from './geocoder';
import type { LookupSigner } from './lookup-token';

/** Zip-code and geocoding look-ups for the station and group forms; answers carry a signed proof. */
export class AddressLookupService {
  constructor(
    private readonly cep: CepAdapter,
    private readonly geocoder: Geocoder,
    private readonly signer: LookupSigner,
  ) {}

  async cepLookup(_ctx: RequestContext, zip: string): Promise<z.infer<typeof cepResponseSchema>> {
    const found = await this.cep.lookup(zip);
    const facts = { zipCode: found.zipCode, state: found.state, city: found.city, street: found.street || 'N/A' };
    return { addressForm: { ...facts, lookupToken: this.signer.signAddress(facts) } };
  }

  async geocode(_ctx: RequestContext, q: GeocodeQuery): Promise<z.infer<typeof geocodeResponseSchema>> {
    const found = await this.geocoder.geocode(q);
    return { ...found, lookupToken: this.signer.signLocation(found) };
  }
}
