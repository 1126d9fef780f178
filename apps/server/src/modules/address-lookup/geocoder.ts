import { AppError } from '../../platform/errors';

export interface GeocodeQuery {
  street?: string;
  number?: string;
  city?: string;
  state?: string;
  country?: string;
  zipCode?: string;
}

/** Finds coordinates of an address. */
export interface Geocoder {
  /** Throws AppError 404 ADDRESS_NOT_FOUND when nothing matches, 502 GEOCODER_UNAVAILABLE when the service fails. */
  geocode(q: GeocodeQuery): Promise<{ latitude: number; longitude: number }>;
}

const addressNotFound = () => new AppError(404, 'ADDRESS_NOT_FOUND', 'Endereço não encontrado.');
const unavailable = (why: string) =>
  new AppError(
    502,
    'GEOCODER_UNAVAILABLE',
    `O serviço de geolocalização não está disponível no momento (${why}). Tente novamente mais tarde.`,
  );

/**
 * Nominatim-style search (`?street=&city=&state=&country=&postalcode=&format=jsonv2&limit=1`),
 * answering `[{ lat, lon }]`. Never waits more than `timeoutMs`.
 */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 3000,
    private readonly userAgent = 'Recarga/1.0 (EV charging operator platform)',
  ) {}

  async geocode(q: GeocodeQuery): Promise<{ latitude: number; longitude: number }> {
    const url = new URL(this.baseUrl);
    const street = [q.number, q.street]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(' ');
    if (!street && !q.city) throw new AppError(400, 'BAD_REQUEST', 'Street or city is required', { street: 'Required field' });
    if (street) url.searchParams.set('street', street);
    if (q.city) url.searchParams.set('city', q.city);
    if (q.state) url.searchParams.set('state', q.state);
    if (q.country) url.searchParams.set('country', q.country);
    if (q.zipCode) url.searchParams.set('postalcode', q.zipCode);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': this.userAgent },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const name = (err as Error).name;
      throw unavailable(name === 'TimeoutError' || name === 'AbortError' ? 'tempo esgotado' : 'sem conexão');
    }
    if (!res.ok) throw unavailable(`HTTP ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable('resposta inválida');
    }
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) throw addressNotFound();
    return { latitude, longitude };
  }
}
