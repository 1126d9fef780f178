import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionEntry } from '@recarga/contracts/auth';
import { roles } from '@recarga/contracts/permissions';
import { aUserWith } from '../../../test/helpers/dashboard-users';
import { tenantPk } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';

type Record = {
  parentTenantPk: number;
  name: string;
  alias: string;
  theme: string;
  smsEnabled: boolean;
  invoicingEnabled: boolean;
  deviceReader: boolean;
  limits: { stations: number | null; users: number | null; monthlyReports: number | null };
  modules: { monetization: boolean; vouchers: boolean; smartCharging: boolean };
};

describe('what /admin sets takes effect: modules and plan limits', () => {
  let t: TestApp;
  let admin: string;
  let terpel: number;
  let move: number;

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  /** The tenant's editable record as /admin lists it, with these changes saved by the root administrator. */
  async function saveTenant(pk: number, change: (r: Record) => Record) {
    const x = (await get(admin, '/api/admin/tenants')).json().tenants.find((y: { tenantPk: number }) => y.tenantPk === pk);
    const record: Record = {
      parentTenantPk: x.parentTenantPk,
      name: x.name,
      alias: x.alias,
      theme: x.theme,
      smsEnabled: x.smsEnabled,
      invoicingEnabled: x.invoicingEnabled,
      deviceReader: x.deviceReader,
      limits: x.limits,
      modules: x.modules,
    };
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/tenants/${pk}`, headers: bearer(admin), payload: change(record) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const signIn = async (who: { email: string; password: string }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { ...who, recaptchaResponse: '' } });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; user: { permissions: PermissionEntry[] } };
  };
  const routesOf = (permissions: PermissionEntry[]) => permissions.filter((p) => p.route).map((p) => p.route);
  const summary = '/gateway/transactions/summary?startDate=2026-01-01&endDate=2026-01-31&timeZone=UTC';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
    [terpel, move] = await Promise.all([tenantPk(t, 'terpel'), tenantPk(t, 'move')]);
  });
  afterAll(() => t.close());

  it('monetization switched off for Terpel: its operator’s financial call answers 403 at once, and a new sign-in holds no monetization route — the Terpel theme does not bring it back', async () => {
    const session = await signIn(demo.terpel);
    expect(routesOf(session.user.permissions)).toEqual(expect.arrayContaining(['/financial', '/dynamic-pricing', '/virtual-groups']));
    expect((await get(session.token, summary)).statusCode).toBe(200);

    await saveTenant(terpel, (r) => ({ ...r, modules: { ...r.modules, monetization: false } }));

    // The session already open: the server reloads the permissions with every request.
    expect((await get(session.token, summary)).statusCode).toBe(403);
    expect((await get(session.token, '/api/dynamic-pricing/')).statusCode).toBe(403);
    const again = await signIn(demo.terpel);
    const routes = routesOf(again.user.permissions);
    expect(routes).not.toContain('/financial');
    expect(routes).not.toContain('/dynamic-pricing');
    expect(routes).not.toContain('/virtual-groups');
    // Other modules stay: vouchers (the Terpel theme grants them without the role).
    expect(routes).toContain('/vouchers');
    expect((await get(again.token, '/api/vouchers/')).statusCode).toBe(200);

    await saveTenant(terpel, (r) => ({ ...r, modules: { ...r.modules, monetization: true } }));
    expect((await get(session.token, summary)).statusCode).toBe(200);
  });

  it('vouchers switched off for Move: a Move user holding the voucher role and route gets 403, and the role leaves the sign-in answer', async () => {
    const user = await aUserWith(t, {
      tenant: 'move',
      routes: ['/', '/vouchers'],
      roles: [roles.createVoucher],
      email: 'vouchers@move.test',
    });
    expect((await get(user.token, '/api/vouchers/')).statusCode).toBe(200);

    await saveTenant(move, (r) => ({ ...r, modules: { ...r.modules, vouchers: false } }));
    try {
      expect((await get(user.token, '/api/vouchers/')).statusCode).toBe(403);
      const session = await signIn({ email: 'vouchers@move.test', password: 'Secret@2026' });
      expect(session.user.permissions).toEqual([{ route: '/', status: true }]);
    } finally {
      await saveTenant(move, (r) => ({ ...r, modules: { ...r.modules, vouchers: true } }));
    }
    expect((await get(user.token, '/api/vouchers/')).statusCode).toBe(200);
  });

  it('a station limit of 0 set in /admin: Move may not add a station (403 STATION_LIMIT); unlimited again, it may', async () => {
    const operator = await aUserWith(t, { tenant: 'sol', routes: ['/', '/stations', '/stations/create'] });
    expect((await get(operator.token, `/api/chargepoints/check/?tenantPk=${move}`)).statusCode).toBe(200);

    const saved = await saveTenant(move, (r) => ({ ...r, limits: { ...r.limits, stations: 0 } }));
    expect(saved.limits.stations).toBe(0);

    const refused = await get(operator.token, `/api/chargepoints/check/?tenantPk=${move}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STATION_LIMIT');

    await saveTenant(move, (r) => ({ ...r, limits: { ...r.limits, stations: null } }));
    expect((await get(operator.token, `/api/chargepoints/check/?tenantPk=${move}`)).json()).toMatchObject({ allowed: true, limit: null });
  });

  it('a user limit equal to Move’s users set in /admin: Move may not add a user (403 USER_LIMIT)', async () => {
    const operator = await aUserWith(t, { tenant: 'sol', routes: ['/', '/users', '/users/create'] });
    const users = (await get(operator.token, `/api/users_data/check/?tenantPk=${move}`)).json().count as number;

    await saveTenant(move, (r) => ({ ...r, limits: { ...r.limits, users } }));
    try {
      const refused = await get(operator.token, `/api/users_data/check/?tenantPk=${move}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('USER_LIMIT');
    } finally {
      await saveTenant(move, (r) => ({ ...r, limits: { ...r.limits, users: null } }));
    }
  });
});
