import { apiClient } from './api-client';

/** Address look-ups of the station and station-group forms (zip code and geocoding). */

interface CepAddress {
  zipCode: string;
  state: string;
  /** 'N/A' when the zip code covers a whole city. */
  street: string;
  city: string;
  lookupToken: string;
}

/** GET /api/users_data/ceps/{zip}/ → addressForm. 404 CEP_NOT_FOUND, 502 when the service is down. */
export async function lookupCep(zip: string): Promise<CepAddress> {
  const answer = await apiClient.request<{ addressForm: CepAddress }>({ path: `users_data/ceps/${zip.replace(/\D/g, '')}/` });
  return answer.addressForm;
}

interface GeocodeQuery {
  street?: string;
  number?: string;
  city?: string;
  state?: string;
  country?: string;
  zipCode?: string;
}

interface GeocodeAnswer {
  latitude: number;
  longitude: number;
  lookupToken: string;
}

/** GET /api/geocode/?street&number&city&state&country&zipCode → coordinates of an address. */
export function geocode(query: GeocodeQuery): Promise<GeocodeAnswer> {
  return apiClient.request<GeocodeAnswer>({ path: 'geocode/', query: { ...query } });
}
