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
    expect(headers['X-Timezone-Offset']).toBe(String(new Date().getTimezoneOffset() || 0));
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

/** A stand-in XMLHttpRequest: records the request and answers when told to. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('api client upload', () => {
  function uploadSetup() {
    const xhr = new FakeXhr();
    const { deps } = setup(() => json(200, {}));
    const client = createApiClient({ ...deps, xhr: () => xhr as unknown as XMLHttpRequest });
    return { client, deps, xhr };
  }

  it('sends the file as the raw body with the common headers and reports progress, when uploading a CSV', async () => {
    const { client, xhr } = uploadSetup();
    const file = new Blob(['id,name\n'], { type: 'text/csv' });
    const progress: number[] = [];
    const answer = client.upload<{ created: number }>({
      path: 'chargepoints/plug-share/import',
      query: { tenantPk: 7, replace: false },
      file,
      contentType: 'text/csv',
      onProgress: (p) => progress.push(p.loaded / p.total),
    });
    xhr.upload.onprogress?.({ loaded: 4, total: 8, lengthComputable: true });
    xhr.answer(200, { created: 3 });
    expect(await answer).toEqual({ created: 3 });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://app.example.com/api/chargepoints/plug-share/import/?tenantPk=7&replace=false');
    expect(xhr.body).toBe(file);
    expect(xhr.headers['Content-Type']).toBe('text/csv');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.headers['Api-Key']).toBe('KEY');
    expect(progress).toEqual([0.5]);
  });

  it('rejects with the error body, and ends the session on 401, when the upload fails', async () => {
    const { client, deps, xhr } = uploadSetup();
    const bad = client.upload({ path: 'x/', file: new Blob(['a']), contentType: 'text/csv' });
    xhr.answer(400, { code: 'PLUG_SHARE_INVALID', message: 'bad', fields: { '3.name': 'Required field' } });
    await expect(bad).rejects.toMatchObject({ status: 400, body: { code: 'PLUG_SHARE_INVALID', fields: { '3.name': 'Required field' } } });
    const expired = client.upload({ path: 'x/', file: new Blob(['a']), contentType: 'text/csv' });
    xhr.answer(401, { code: 'UNAUTHORIZED', message: 'no' });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects with a network error, when the connection drops', async () => {
    const { client, xhr } = uploadSetup();
    const answer = client.upload({ path: 'x/', file: new Blob(['a']), contentType: 'text/csv' });
    xhr.onerror?.();
    await expect(answer).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});

describe('buildUrl', () => {
  it('puts the document id before the trailing slash, when updating on the operator backend', () => {
    expect(buildUrl('http://h', '/api/', 'stations/42', undefined, true)).toBe('http://h/api/stations/42/');
  });
});
