import type { z } from 'zod';
import type { cepResponseSchema, geocodeResponseSchema } from '@recarga/contracts/stations';
import type { RequestContext } from '../../platform/auth/context';
import type { CepAdapter } from './cep-adapter';
import type { GeocodeQuery, Geocoder } from './geocoder';
import type { AddressFacts, LocationFacts, LookupSigner } from './lookup-token';

/** Tells an address or a position that came from a look-up from one typed by hand. */
export interface LookupProofs {
  /** What the zip-code look-up answered, when the token is genuine and fresh; null otherwise. */
  verifiedAddress(token: string | null | undefined): AddressFacts | null;
  /** What the geocoder answered, when the token is genuine and fresh; null otherwise. */
  verifiedLocation(token: string | null | undefined): LocationFacts | null;
}

/** Zip-code and geocoding look-ups for the station and group forms; answers carry a signed proof. */
export class AddressLookupService implements LookupProofs {
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

  verifiedAddress(token: string | null | undefined): AddressFacts | null {
    return this.signer.verifyAddress(token);
  }

  verifiedLocation(token: string | null | undefined): LocationFacts | null {
    return this.signer.verifyLocation(token);
  }
}
