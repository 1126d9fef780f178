import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient, type ApiClientDeps } from './api-client';
import { ApiError } from './api-error';

interface Recorded {
  url: string;
  init: RequestInit;
}

function setup(respond: (url: string) => Response | Promise<Response>, token: string | null = 'tok') {
  const calls: Recorded[] = [];
  const deps: ApiClientDeps = {
    settings: () => ({ apiBase: '/api/', gatewayBase: '/gateway/', smartBase: 'https://smart.example.com/v1/', apiKey: 'KEY' }),
    token: () => token,
    origin: () => 'http://app.example.com',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url);
    }) as unknown as typeof fetch,
    onUnauthorized: vi.fn(),
    clearSession: vi.fn(),
  };
  return { client: createApiClient(deps), deps, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the common and operator-backend headers, when calling the operator backend', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    await client.request({ path: 'notification/chargeBox', query: { limit: 100 } });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(calls[0].url).toBe('http://app.example.com/api/notification/chargeBox/?limit=100');
    expect(headers.Platform).toBe('DASHBOARD');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Api-Key']).toBe('KEY');
    expect(headers['Accept-Language']).toBe('pt-BR');
    expect(headers['X-Timezone-Offset']).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('leaves out Api-Key and Accept-Language and the trailing slash, when calling the gateway', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.request({ service: 'gateway', path: '/transactions/summary', query: { page: 0, empty: '' } });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(calls[0].url).toBe('http://app.example.com/gateway/transactions/summary?page=0');
    expect(headers['Api-Key']).toBeUndefined();
    expect(headers['Accept-Language']).toBeUndefined();
    expect(headers.Platform).toBe('DASHBOARD');
  });

  it('uses an absolute base address as it is, when the smart service lives elsewhere', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.request({ service: 'smart', path: 'meters/measurements' });
    expect(calls[0].url).toBe('https://smart.example.com/v1/meters/measurements');
  });

  it('sends JSON and no Authorization, when there is a body and no session', async () => {
    const { client, calls } = setup(() => json(200, { token: 't' }), null);
    await client.request({ method: 'POST', path: 'login/', body: { email: 'a@b.c' } });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"email":"a@b.c"}');
  });

  it.each([204, 202])('resolves without a body, when the answer is %i', async (status) => {
    const { client } = setup(() => new Response(null, { status }));
    await expect(client.request({ path: 'logout/' })).resolves.toBeUndefined();
  });

  it('rejects with the error body, when the answer is a 4xx with {code, message}', async () => {
    const { client } = setup(() => json(410, { code: 'CODE_EXPIRED', message: 'expired' }));
    const error = await client.request({ path: 'x/' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 410, body: { code: 'CODE_EXPIRED', message: 'expired' } });
  });

  it('rejects without a body, when the answer is a 500 without content', async () => {
    const { client } = setup(() => new Response('', { status: 500 }));
    const error = await client.request({ path: 'x/' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500, body: undefined });
  });

  it('clears the session and reports once, when a non-login call answers 401', async () => {
    const { client, deps } = setup(() => json(401, { code: 'UNAUTHORIZED', message: 'no' }));
    await expect(client.request({ path: 'notification/chargeBox/' })).rejects.toMatchObject({ status: 401 });
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session, when the login call itself answers 401', async () => {
    const { client, deps } = setup(() => json(401, { code: 'BAD_CREDENTIALS', message: 'no' }), null);
    await expect(client.request({ method: 'POST', path: 'login/', body: {}, unauthorizedIsAnswer: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects with a network error, when the server cannot be reached', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request({ path: 'x/' })).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});

describe('buildUrl', () => {
  it('puts the document id before the trailing slash, when updating on the operator backend', () => {
    expect(buildUrl('http://h', '/api/', 'stations/42', undefined, true)).toBe('http://h/api/stations/42/');
  });
});
