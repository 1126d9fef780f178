import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/helpers/test-app';
import { NUL_MESSAGE, nulPath } from './input-guard';

describe('text with a NUL character and keys beyond int4', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('login with a NUL in the e-mail: 400 naming the field, no attempt counted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'admin\u0000@recarga.app', password: 'x', recaptchaResponse: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Invalid request', fields: { email: NUL_MESSAGE } });
    expect(await t.db.selectFrom('login_attempts').select('attempt_pk').execute()).toEqual([]);
  });

  it('a NUL in a query parameter or a nested body field: 400 naming it', async () => {
    const token = await loginAs(t.app, demo.admin);
    const query = await t.app.inject({ method: 'GET', url: '/api/chargepoints/?name=a%00b', headers: bearer(token) });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ name: NUL_MESSAGE });
    expect(nulPath({ address: { street: 'Rua\u0000' } })).toEqual(['address', 'street']);
  });

  it('a tenant key of 2147483648 in a station form: 400 naming the field, not a server error', async () => {
    const token = await loginAs(t.app, demo.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chargepoint-groups/',
      headers: bearer(token),
      payload: { name: 'Group', tenantPk: 2147483648 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('tenantPk');
  });
});
