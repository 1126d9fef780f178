import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { closedPort, fakeService } from '../../../test/helpers/fake-service';
import { LookupSigner } from './lookup-token';

type Fake = Awaited<ReturnType<typeof fakeService>>;

describe('address look-ups against a running service: GET users_data/ceps/{zip}, GET geocode', () => {
  let svc: Fake;
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    svc = await fakeService((_req, url) => {
      const cep = /\/ws\/(\d+)\/json/.exec(url.pathname)?.[1];
      if (cep === '01310100')
        return { json: { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' } };
      if (cep === '99999999') return { delayMs: 5000, json: {} };
      if (cep === '11111111') return { status: 500 };
      if (cep) return { json: { erro: 'true' } };
      if (url.pathname === '/search')
        return { json: url.searchParams.get('city') === 'Nowhere' ? [] : [{ lat: '-23.5613', lon: '-46.6565', display_name: 'x' }] };
      return { status: 404 };
    });
    t = await createTestApp({ env: { CEP_URL: `${svc.url}/ws/{cep}/json/`, GEOCODER_URL: `${svc.url}/search` } });
    owner = await loginAs(t.app, demo.owner);
  });
  afterAll(async () => {
    await t.close();
    await svc.close();
  });

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('CEP, for a known zip typed with a dash, answers state, street and city and a look-up token', async () => {
    const res = await get('/api/users_data/ceps/01310-100/');
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().addressForm;
    expect(form).toEqual({
      zipCode: '01310-100',
      state: 'SP',
      street: 'Avenida Paulista',
      city: 'São Paulo',
      lookupToken: expect.any(String),
    });
    expect(svc.requests.at(-1)!.pathname).toBe('/ws/01310100/json/');
    const secret = (await t.db.selectFrom('settings').select('value').where('key', '=', 'address_lookup_secret').executeTakeFirstOrThrow())
      .value;
    expect(new LookupSigner(secret).verifyAddress(form.lookupToken)).toEqual({
      zipCode: '01310100',
      state: 'SP',
      city: 'São Paulo',
      street: 'Avenida Paulista',
    });
  });

  it('CEP, for a zip the service does not know, answers 404 CEP não encontrado.', async () => {
    const res = await get('/api/users_data/ceps/01000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'CEP_NOT_FOUND', message: 'CEP não encontrado.' });
  });

  it('CEP, for a zip that is not 8 digits, answers 404 without asking the service', async () => {
    const before = svc.requests.length;
    expect((await get('/api/users_data/ceps/0131')).json().code).toBe('CEP_NOT_FOUND');
    expect(svc.requests.length).toBe(before);
  });

  it('CEP, when the service fails (HTTP 500), answers 502 with a clear message', async () => {
    const res = await get('/api/users_data/ceps/11111-111');
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('CEP_UNAVAILABLE');
    expect(res.json().message).toContain('HTTP 500');
  });

  it('CEP, when the service does not answer within 3 s, answers 502 instead of hanging', async () => {
    const started = Date.now();
    const res = await get('/api/users_data/ceps/99999-999');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('tempo esgotado');
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('geocode, for an address, answers latitude and longitude with a look-up token, asking a structured search', async () => {
    const res = await get('/api/geocode?street=Avenida%20Paulista&number=1000&city=S%C3%A3o%20Paulo&state=SP&country=BR');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ latitude: -23.5613, longitude: -46.6565, lookupToken: expect.any(String) });
    const q = svc.requests.at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      street: '1000 Avenida Paulista',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      format: 'jsonv2',
      limit: '1',
    });
  });

  it('geocode, when nothing matches, answers 404 ADDRESS_NOT_FOUND', async () => {
    const res = await get('/api/geocode?street=Rua%20X&city=Nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ADDRESS_NOT_FOUND');
  });

  it('look-ups, for a user who edits neither stations nor groups, answer 403', async () => {
    const u = await aDashboardUser(t, { email: 'reader@move.com.br', password: 'Reader@2026', tenant: 'move', routes: ['/stations'] });
    const token = await loginAs(t.app, u);
    expect((await get('/api/users_data/ceps/01310100', token)).statusCode).toBe(403);
    expect((await get('/api/geocode?street=a', token)).statusCode).toBe(403);
  });
});

describe('address look-ups when the services are unreachable', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const port = await closedPort();
    t = await createTestApp({
      env: { CEP_URL: `http://127.0.0.1:${port}/ws/{cep}/json/`, GEOCODER_URL: `http://127.0.0.1:${port}/search` },
    });
    admin = await loginAs(t.app, demo.admin);
  });
  afterAll(() => t.close());

  it('CEP, when the service port is closed, answers 502 CEP_UNAVAILABLE at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users_data/ceps/01310-100', headers: bearer(admin) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'CEP_UNAVAILABLE', message: expect.stringContaining('sem conexão') });
  });

  it('geocode, when the service port is closed, answers 502 GEOCODER_UNAVAILABLE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geocode?street=Avenida%20Paulista&city=S%C3%A3o%20Paulo',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('GEOCODER_UNAVAILABLE');
  });
});

describe('look-up tokens', () => {
  const signer = new LookupSigner('secret-a');

  it('an address token, when tampered with or signed with another secret, is rejected', () => {
    const token = signer.signAddress({ zipCode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista' });
    expect(signer.verifyAddress(token)?.city).toBe('São Paulo');
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), c: 'Campinas' })).toString(
      'base64url',
    );
    expect(signer.verifyAddress(`${forged}.${sig}`)).toBeNull();
    expect(new LookupSigner('secret-b').verifyAddress(token)).toBeNull();
    expect(signer.verifyLocation(token)).toBeNull();
  });

  it('a location token, after 24 hours, is rejected', () => {
    const now = Date.now();
    const token = signer.signLocation({ latitude: 1, longitude: 2 }, now);
    expect(signer.verifyLocation(token, now + 23 * 3600_000)).toEqual({ latitude: 1, longitude: 2 });
    expect(signer.verifyLocation(token, now + 25 * 3600_000)).toBeNull();
  });
});
