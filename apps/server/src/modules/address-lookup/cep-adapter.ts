import { AppError } from '../../platform/errors';
import { stationMessages } from '@recarga/contracts/stations';
import { digits } from '../../platform/text';

export interface CepAddress {
  zipCode: string;
  state: string;
  /** Empty when the zip code covers a whole city. */
  street: string;
  city: string;
}

/** Finds the address of a Brazilian zip code (CEP). */
export interface CepAdapter {
  /** Throws AppError 404 CEP_NOT_FOUND for an unknown zip, 502 CEP_UNAVAILABLE when the service fails. */
  lookup(zip: string): Promise<CepAddress>;
}

export const cepNotFound = () => new AppError(404, 'CEP_NOT_FOUND', stationMessages.cepNotFound);
const unavailable = (why: string) =>
  new AppError(502, 'CEP_UNAVAILABLE', `O serviço de consulta de CEP não está disponível no momento (${why}). Tente novamente mais tarde.`);

/**
 * ViaCEP-style service: `GET <template with {cep}>` answers `{ cep, logradouro, localidade, uf }`,
 * or `{ erro: true }` (or 400/404) for an unknown zip. Never waits more than `timeoutMs`.
 */
export class ViaCepAdapter implements CepAdapter {
  constructor(
    private readonly urlTemplate: string,
    private readonly timeoutMs = 3000,
  ) {}

  async lookup(zip: string): Promise<CepAddress> {
    const cep = digits(zip);
    if (cep.length !== 8) throw cepNotFound();
    const url = this.urlTemplate.includes('{cep}')
      ? this.urlTemplate.replace('{cep}', cep)
      : `${this.urlTemplate.replace(/\/$/, '')}/${cep}/json/`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      throw unavailable(name === 'TimeoutError' || name === 'AbortError' ? 'tempo esgotado' : 'sem conexão');
    }
    if (res.status === 400 || res.status === 404) throw cepNotFound();
    if (!res.ok) throw unavailable(`HTTP ${res.status}`);
    let body: Record<string, unknown>;
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      throw unavailable('resposta inválida');
    }
    if (!body || body.erro === true || body.erro === 'true' || typeof body.localidade !== 'string' || !body.localidade) throw cepNotFound();
    const formatted = `${cep.slice(0, 5)}-${cep.slice(5)}`;
    return {
      zipCode: formatted,
      state: typeof body.uf === 'string' ? body.uf : '',
      city: body.localidade,
      street: typeof body.logradouro === 'string' ? body.logradouro.trim() : '',
    };
  }
}
