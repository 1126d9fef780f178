import type { Address } from '@recarga/contracts/stations';

/** The address fields of a form: text inputs hold '' where the record has no value. */
export interface AddressFormValues {
  zipCode: string;
  street: string;
  houseNumber: string;
  city: string;
  state: string;
  country: string;
}

/** A stored address (station, station group) as form fields; `country` replaces the address's own when given. */
export function addressFormValues(address: Address, country: string = address.country): AddressFormValues {
  return {
    zipCode: address.zipCode ?? '',
    street: address.street ?? '',
    houseNumber: address.houseNumber ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country,
  };
}
