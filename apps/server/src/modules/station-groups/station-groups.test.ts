import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, tenantPk } from '../../../test/helpers/station-builders';

const address = { street: 'Rua Augusta', houseNumber: '1500', zipCode: '01304-001', city: 'São Paulo', state: 'SP' };

describe('station groups: GET/POST chargepoint-groups, GET/PUT chargepoint-groups/{id}', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let owner: string;
  let terpel: string;
  let terpelAdmin: string;
  let movePk: number;
  let spGroup: number;
  let bogGroup: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const names = (res: { json(): { chargePointGroupList: { name: string }[] } }) => res.json().chargePointGroupList.map((g) => g.name);

  beforeAll(async () => {
    t = await createTestApp();
    movePk = await tenantPk(t, 'move');
    const ta = await aDashboardUser(t, {
      email: 'admin@terpel.co',
      password: 'TerpelAdm@2026',
      tenant: 'terpel',
      profile: 'Administrador',
    });
    [admin, operator, owner, terpel, terpelAdmin] = await Promise.all([
      loginAs(t.app, demo.admin),
      loginAs(t.app, demo.operator),
      loginAs(t.app, demo.owner),
      loginAs(t.app, demo.terpel),
      loginAs(t.app, ta),
    ]);
    const groups = await t.db.selectFrom('station_groups').select(['charge_box_group_pk', 'name']).execute();
    spGroup = groups.find((g) => g.name === 'Move São Paulo')!.charge_box_group_pk;
    bogGroup = groups.find((g) => g.name === 'Terpel Bogotá')!.charge_box_group_pk;
  });
  afterAll(() => t.close());

  it('list, for the administrator, answers every group by name with its station count and the total', async () => {
    const res = await call(admin, 'GET', '/api/chargepoint-groups/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2 });
    expect(res.json().chargePointGroupList[0]).toMatchObject({
      chargeBoxGroupPk: spGroup,
      name: 'Move São Paulo',
      externalId: 'MOVE-SP',
      tenantName: 'Move Eletropostos',
      address: { street: 'Avenida Paulista', houseNumber: '1000', zipCode: '01310-100', country: 'BR' },
      stationCount: 2,
    });
    expect(names(res)).toEqual(['Move São Paulo', 'Terpel Bogotá']);
  });

  it('list, for a Sol operator, holds only groups of Sol and Move', async () => {
    expect(names(await call(operator, 'GET', '/api/chargepoint-groups'))).toEqual(['Move São Paulo']);
  });

  it('list, searching part of a name in another case, finds it', async () => {
    const res = await call(admin, 'GET', '/api/chargepoint-groups?searchInput=BOGOT');
    expect(names(res)).toEqual(['Terpel Bogotá']);
    expect(res.json().count).toBe(1);
    expect(names(await call(admin, 'GET', '/api/chargepoint-groups?name=paulo'))).toEqual(['Move São Paulo']);
  });

  it('list, sorted by external id descending, by address, and paged, answers that order and page', async () => {
    expect(names(await call(admin, 'GET', '/api/chargepoint-groups?sort=externalId&order=desc'))).toEqual([
      'Terpel Bogotá',
      'Move São Paulo',
    ]);
    expect(names(await call(admin, 'GET', '/api/chargepoint-groups?sort=address'))).toEqual(['Move São Paulo', 'Terpel Bogotá']);
    const page2 = await call(admin, 'GET', '/api/chargepoint-groups?size=1&page=2');
    expect(names(page2)).toEqual(['Terpel Bogotá']);
    expect(page2.json().count).toBe(2);
  });

  it('list, for a station owner (station reader), is allowed; for a user with no station or group permission, 403', async () => {
    expect((await call(owner, 'GET', '/api/chargepoint-groups')).statusCode).toBe(200);
    const u = await aDashboardUser(t, { email: 'tags@move.com.br', password: 'Tags@2026', tenant: 'move', routes: ['/ocpptags'] });
    expect((await call(await loginAs(t.app, u), 'GET', '/api/chargepoint-groups')).statusCode).toBe(403);
  });

  it('detail, for a group of the scope, answers it with its stations', async () => {
    const res = await call(operator, 'GET', `/api/chargepoint-groups/${spGroup}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().chargePointGroup.chargePoints.map((c: { chargeBoxId: string }) => c.chargeBoxId)).toEqual([
      'MOVE-SP-001',
      'MOVE-SP-002',
    ]);
  });

  it('detail, for a group of another tenant, answers 404', async () => {
    const res = await call(operator, 'GET', `/api/chargepoint-groups/${bogGroup}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('GROUP_NOT_FOUND');
  });

  it('create, with a valid form, stores the group in the caller tenant with the tenant country', async () => {
    const res = await call(operator, 'POST', '/api/chargepoint-groups/', {
      name: 'Sol Centro',
      externalId: 'SOL-C',
      address: { ...address, country: 'XX' },
      locationLatitude: -23.55,
      locationLongitude: -46.66,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chargePointGroup).toMatchObject({
      name: 'Sol Centro',
      tenantPk: await tenantPk(t, 'sol'),
      address: { ...address, country: 'BR' },
      stationCount: 0,
      chargePoints: [],
    });
  });

  it('create, in a child tenant of the scope, is allowed; in a tenant outside it, 400 on tenantPk', async () => {
    const ok = await call(operator, 'POST', '/api/chargepoint-groups', {
      name: 'Move Centro',
      tenantPk: movePk,
      address,
      locationLatitude: -23.5,
      locationLongitude: -46.6,
    });
    expect(ok.json().chargePointGroup.tenantPk).toBe(movePk);
    const bad = await call(operator, 'POST', '/api/chargepoint-groups', {
      name: 'X',
      tenantPk: await tenantPk(t, 'terpel'),
      address,
      locationLatitude: -23.5,
      locationLongitude: -46.6,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ tenantPk: 'Unknown tenant.' });
  });

  it('create, with an empty form, answers 400 with every required field', async () => {
    const res = await call(admin, 'POST', '/api/chargepoint-groups', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Required field',
      'address.street': 'Required field',
      'address.houseNumber': 'Required field',
      'address.zipCode': 'Required field',
      'address.city': 'Required field',
      'address.state': 'Required field',
      locationLatitude: 'Required field',
      locationLongitude: 'Required field',
    });
  });

  it('create, with values over the limits or out of range, answers 400 on those fields', async () => {
    const res = await call(admin, 'POST', '/api/chargepoint-groups', {
      name: 'Limits',
      address: { street: 's'.repeat(31), houseNumber: '123456', zipCode: '01304001', city: 'c'.repeat(26), state: 'e'.repeat(26) },
      locationLatitude: -91,
      locationLongitude: 181,
    });
    expect(res.json().fields).toEqual({
      'address.street': 'Maximum of 30 characters.',
      'address.houseNumber': 'Maximum of 5 characters.',
      'address.zipCode': 'The zip code must read 00000-000.',
      'address.city': 'Maximum of 25 characters.',
      'address.state': 'Maximum of 25 characters.',
      locationLatitude: 'Latitude must be between -90 and 90.',
      locationLongitude: 'Longitude must be between -180 and 180.',
    });
  });

  it('create, by a user without the group create permission, answers 403', async () => {
    expect((await call(owner, 'POST', '/api/chargepoint-groups', { name: 'x' })).statusCode).toBe(403);
    expect((await call(terpel, 'POST', '/api/chargepoint-groups', { name: 'x' })).statusCode).toBe(403);
  });

  it('update, of a group of the scope, changes it and keeps its stations', async () => {
    await aStation(t, { id: 'GRP-ST', groupPk: spGroup });
    const res = await call(operator, 'PUT', `/api/chargepoint-groups/${spGroup}/`, {
      name: 'Move SP Capital',
      externalId: 'MOVE-SP',
      address: { street: 'Avenida Paulista', houseNumber: '1000', zipCode: '01310-100', city: 'São Paulo', state: 'SP' },
      locationLatitude: -23.56,
      locationLongitude: -46.65,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chargePointGroup).toMatchObject({ name: 'Move SP Capital', locationLatitude: -23.56, stationCount: 3 });
  });

  it('update, of a group of another tenant, answers 404 and changes nothing', async () => {
    const res = await call(terpelAdmin, 'PUT', `/api/chargepoint-groups/${spGroup}`, {
      name: 'hijack',
      address,
      locationLatitude: 1,
      locationLongitude: 1,
    });
    expect(res.statusCode).toBe(404);
    const row = await t.db.selectFrom('station_groups').select('name').where('charge_box_group_pk', '=', spGroup).executeTakeFirstOrThrow();
    expect(row.name).toBe('Move SP Capital');
  });

  it('update, with an invalid form, answers 400 and changes nothing', async () => {
    const res = await call(operator, 'PUT', `/api/chargepoint-groups/${spGroup}`, {
      name: '',
      address,
      locationLatitude: 1,
      locationLongitude: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'Required field' });
  });
});
