import type { ErrorBody } from '@recarga/contracts/auth';
import { ApiError } from './api-error';
import { getRuntimeSettings, type RuntimeSettings } from './runtime-settings';
import { clearSession, getSession } from './session';
import { timezoneOffsetMinutes } from './timezone-offset';

/** The three backend families: operator backend, API gateway, smart charging service. */
type ApiService = 'api' | 'gateway' | 'smart';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  service?: ApiService;
  method?: HttpMethod;
  /** Path below the service base, e.g. `login/` or `notification/chargeBox/`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the refund's Idempotency-Key); the spec's common headers win over them. */
  headers?: Record<string, string>;
  /**
   * Set on the sign-in calls (login, recovery): there a 401 is the call's own answer and the
   * 401 rule (session expired, back to the root) does not apply.
   */
  unauthorizedIsAnswer?: boolean;
}

export interface ApiClientDeps {
  settings: () => Pick<RuntimeSettings, 'apiBase' | 'gatewayBase' | 'smartBase' | 'apiKey'>;
  token: () => string | null;
  fetch: typeof fetch;
  origin: () => string;
  /** Called once per 401 on a non-login call, after the session was cleared. */
  onUnauthorized: () => void;
  clearSession: () => void;
  /** XMLHttpRequest factory for uploads (fetch cannot report upload progress). */
  xhr?: () => XMLHttpRequest;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadRequest extends Omit<ApiRequest, 'body'> {
  /** Sent as the raw request body (e.g. a CSV file), not as JSON. */
  file: Blob;
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
}

function baseFor(service: ApiService, settings: ReturnType<ApiClientDeps['settings']>): string {
  if (service === 'gateway') return settings.gatewayBase;
  if (service === 'smart') return settings.smartBase;
  return settings.apiBase;
}

/** Joins base and path; operator-backend paths always end with a slash. */
export function buildUrl(
  origin: string,
  base: string,
  path: string,
  query: Record<string, QueryValue> | undefined,
  trailingSlash: boolean,
): string {
  const root = new URL(base.endsWith('/') ? base : `${base}/`, origin);
  let relative = path.replace(/^\/+/, '');
  if (trailingSlash && !relative.endsWith('/')) relative += '/';
  const url = new URL(relative, root);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
  /**
   * Same headers, errors and 401 rule as `request`, but answers the raw response of a 2xx, for
   * files (PDF, zip, .xlsx, PNG) read as a stream or a blob.
   */
  requestRaw(request: ApiRequest & { accept?: string }): Promise<Response>;
  /** Sends a file as the body with the same headers, errors and 401 rule, reporting upload progress; answers the JSON reply. */
  upload<T>(request: UploadRequest): Promise<T>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  function prepare(req: Omit<ApiRequest, 'body'>, accept: string): { url: string; headers: Record<string, string> } {
    const service = req.service ?? 'api';
    const settings = deps.settings();
    const url = buildUrl(deps.origin(), baseFor(service, settings), req.path, req.query, service === 'api');
    const headers: Record<string, string> = {
      ...req.headers,
      Platform: 'DASHBOARD',
      'X-Timezone-Offset': String(timezoneOffsetMinutes()),
      Accept: accept,
    };
    const token = deps.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (service === 'api') {
      if (settings.apiKey) headers['Api-Key'] = settings.apiKey;
      headers['Accept-Language'] = 'pt-BR';
    }
    return { url, headers };
  }

  /** The ApiError of a failed answer; a 401 outside the sign-in calls ends the session first. */
  function failure(req: Omit<ApiRequest, 'body'>, status: number, payload: unknown): ApiError {
    const body = isErrorBody(payload) ? payload : undefined;
    if (status === 401 && !req.unauthorizedIsAnswer) {
      deps.clearSession();
      deps.onUnauthorized();
    }
    return new ApiError('http', status, body?.message ?? `HTTP ${status}`, body);
  }

  async function send(req: ApiRequest, accept: string): Promise<Response> {
    const { url, headers } = prepare(req, accept);
    const hasBody = req.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: req.method ?? 'GET',
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
        signal: req.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('network', 0, 'Network failure: the server could not be reached');
    }

    if (response.ok) return response;
    throw failure(req, response.status, await readJson(response));
  }

  function upload<T>(req: UploadRequest): Promise<T> {
    const { url, headers } = prepare(req, 'application/json');
    headers['Content-Type'] = req.contentType;
    return new Promise<T>((resolve, reject) => {
      const xhr = (deps.xhr ?? (() => new XMLHttpRequest()))();
      const abort = () => xhr.abort();
      const done = () => req.signal?.removeEventListener('abort', abort);
      xhr.open(req.method ?? 'POST', url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) =>
        req.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : req.file.size });
      xhr.onload = () => {
        done();
        let payload: unknown;
        try {
          payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
        } catch {
          payload = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
        else reject(failure(req, xhr.status, payload));
      };
      xhr.onerror = () => {
        done();
        reject(new ApiError('network', 0, 'Network failure: the server could not be reached'));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      };
      if (req.signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
      req.signal?.addEventListener('abort', abort);
      xhr.send(req.file);
    });
  }

  return {
    async request<T>(req: ApiRequest): Promise<T> {
      const response = await send(req, 'application/json');
      // Result classes: 204/202 succeed without a body; other 2xx carry JSON.
      if (response.status === 204 || response.status === 202) return undefined as T;
      return (await readJson(response)) as T;
    },
    requestRaw(req) {
      return send(req, req.accept ?? '*/*');
    },
    upload,
  };
}

let unauthorizedHandler: () => void = () => {
  window.location.assign('/');
};

/** Lets the app show its expired-credentials alert and navigate with the router. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The app's one API client. */
export const apiClient: ApiClient = createApiClient({
  settings: getRuntimeSettings,
  token: () => getSession()?.token ?? null,
  fetch: (input, init) => window.fetch(input, init),
  origin: () => window.location.origin,
  onUnauthorized: () => unauthorizedHandler(),
  clearSession,
});
