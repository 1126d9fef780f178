import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationMessages } from '@recarga/contracts/stations';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { verifyPassword } from '../../platform/auth/password';
import { JPEG_BYTES, PNG_1X1, b64, pngOfSize } from '../../../test/helpers/files';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { fakeService } from '../../../test/helpers/fake-service';
import { stationPk, tenantPk, userPk } from '../../../test/helpers/station-builders';

type Fake = Awaited<ReturnType<typeof fakeService>>;

/** CEP 01310-100 is Avenida Paulista; 70000-000 covers a whole city (no street); geocoding knows Paulista. */
function lookupService() {
  return fakeService((_req, url) => {
    const cep = /\/ws\/(\d+)\/json/.exec(url.pathname)?.[1];
    if (cep === '01310100') return { json: { cep: '01310-100', logradouro: 'Avenida Paulista', localidade: 'São Paulo', uf: 'SP' } };
    if (cep === '70000000') return { json: { cep: '70000-000', logradouro: '', localidade: 'Brasília', uf: 'DF' } };
    if (cep) return { json: { erro: true } };
    if (url.pathname === '/search')
      return { json: (url.searchParams.get('street') ?? '').includes('Paulista') ? [{ lat: '-23.5613', lon: '-46.6565' }] : [] };
    return { status: 404 };
  });
}

describe('station save: POST chargepoints, PUT chargepoints/{id}, GET chargepoints/check', () => {
  let t: TestApp;
  let svc: Fake;
  let admin: string;
  let operator: string;
  let owner: string;
  let terpelAdmin: string;
  let movePk: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  const body = (over: Record<string, unknown> = {}) => ({
    chargeBoxId: 'NEW-001',
    description: 'Nova estação Paulista',
    tenantPk: movePk,
    typeOf: 'PUBLIC',
    address: { street: 'Avenida Paulista', houseNumber: '1000', zipCode: '01310-100', city: 'São Paulo', state: 'SP' },
    locationLatitude: -23.5613,
    locationLongitude: -46.6565,
    connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
    ...over,
  });

  const fieldsOf = (res: { statusCode: number; json(): { code: string; fields?: Record<string, string> } }, status = 400) => {
    expect(res.statusCode).toBe(status);
    return res.json().fields ?? {};
  };

  beforeAll(async () => {
    svc = await lookupService();
    t = await createTestApp({ env: { CEP_URL: `${svc.url}/ws/{cep}/json/`, GEOCODER_URL: `${svc.url}/search` } });
    movePk = await tenantPk(t, 'move');
    const ta = await aDashboardUser(t, {
      email: 'admin@terpel.co',
      password: 'TerpelAdm@2026',
      tenant: 'terpel',
      profile: 'Administrador',
    });
    [admin, operator, owner, terpelAdmin] = await Promise.all([
      loginAs(t.app, demo.admin),
      loginAs(t.app, demo.operator),
      loginAs(t.app, demo.owner),
      loginAs(t.app, ta),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await svc.close();
  });

  // --- create check and limit

  it('check, when the tenant is under its station limit, answers 200 with count and limit', async () => {
    const res = await call(operator, 'GET', `/api/chargepoints/check?tenantPk=${movePk}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ allowed: true, tenantPk: movePk, limit: 200 });
  });

  it('check and create, when the tenant reached its station limit, answer 403 STATION_LIMIT and nothing is written', async () => {
    const count = Number(
      (
        await t.db
          .selectFrom('charge_boxes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_pk', '=', movePk)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await t.db.updateTable('tenants').set({ station_limit: count }).where('tenant_pk', '=', movePk).execute();
    try {
      const check = await call(operator, 'GET', `/api/chargepoints/check/?tenantPk=${movePk}`);
      expect(check.statusCode).toBe(403);
      expect(check.json()).toMatchObject({ code: 'STATION_LIMIT', message: expect.stringContaining('Limite de estações atingido!') });
      const create = await call(admin, 'POST', '/api/chargepoints/', body({ chargeBoxId: 'OVER-LIMIT' }));
      expect(create.statusCode).toBe(403);
      expect(create.json().code).toBe('STATION_LIMIT');
      expect(
        await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', 'OVER-LIMIT').executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await t.db.updateTable('tenants').set({ station_limit: 200 }).where('tenant_pk', '=', movePk).execute();
    }
  });

  it('check and create, for a station owner without the create permission, answer 403', async () => {
    expect((await call(owner, 'GET', '/api/chargepoints/check')).statusCode).toBe(403);
    const res = await call(owner, 'POST', '/api/chargepoints', body({ chargeBoxId: 'OWNER-NEW' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  // --- create

  it('create, with a full valid form, stores the station, its connectors and a hashed OCPP password', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'CREATE-OK',
        endpointAddress: '10.0.0.1',
        externalId: 'EXT-1',
        reservation: true,
        isOcpiCompatible: true,
        isOpen_24Hours: false,
        openTime: '08:00',
        closeTime: '23:59:59',
        isTenantDeviceReader: true,
        deviceReaderMac: '00:1a:2b:3c:4d:5e',
        hasPayment: true,
        paymentChargeTypeIncome: 'KWH',
        moneyPerKilowattIncome: 199,
        moneyPerTransactionIncome: 300,
        taxIncome: 0.05,
        system: 'THREE_PHASE',
        phase: 'ABC',
        voltage: 380,
        chargingRateUnit: 'W',
        ocppPassword: 'Segredo-OCPP-123',
        connectors: [
          { connectorId: 2, connectorTypePk: 5, powerMax: 60000, unusualStatus: 'MAINTENANCE' },
          { connectorId: 1, connectorTypePk: 2, powerMax: 22000 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, chargePointDetail: d } = res.json();
    expect(message).toBe('Station created successfully!');
    expect(d).toMatchObject({
      chargeBoxId: 'CREATE-OK',
      tenantPk: movePk,
      endpointAddress: '10.0.0.1',
      reservation: true,
      isOcpiCompatible: true,
      active: true,
      isOpen_24Hours: false,
      openTime: '08:00:00',
      closeTime: '23:59:59',
      isTenantDeviceReader: true,
      deviceReaderMac: '00:1A:2B:3C:4D:5E',
      hasPayment: true,
      moneyPerKilowattIncome: 199,
      moneyPerTransactionIncome: 300,
      taxIncome: 0.05,
      system: 'THREE_PHASE',
      voltage: 380,
      hasOcppPassword: true,
      address: { country: 'BR', street: 'Avenida Paulista' },
    });
    expect(
      d.connectors.map((c: { connectorId: number; powerMax: number; unusualStatus: string | null; statusGroup: string }) => [
        c.connectorId,
        c.powerMax,
        c.unusualStatus,
        c.statusGroup,
      ]),
    ).toEqual([
      [1, 22000, null, 'unavailable'],
      [2, 60000, 'MAINTENANCE', 'maintenance'],
    ]);
    const row = await t.db
      .selectFrom('charge_boxes')
      .select('ocpp_password_hash')
      .where('charge_box_pk', '=', d.chargeBoxPk)
      .executeTakeFirstOrThrow();
    expect(row.ocpp_password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Segredo-OCPP-123', row.ocpp_password_hash)).toBe(true);
    expect(res.body).not.toContain('Segredo-OCPP-123');
  });

  it('create, with an empty form, answers 400 with the required fields', async () => {
    const fields = fieldsOf(await call(admin, 'POST', '/api/chargepoints/', {}));
    expect(fields).toMatchObject({
      chargeBoxId: stationMessages.required,
      description: stationMessages.required,
      'address.street': stationMessages.required,
      locationLatitude: stationMessages.required,
      locationLongitude: stationMessages.required,
    });
  });

  it('create, with the saved-failure message and every field rule broken, lists each field error', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'HAS BLANK',
        description: 'x'.repeat(91),
        endpointAddress: 'e'.repeat(26),
        typeOf: null,
        isHubjectCompatible: true,
        locationLatitude: 91,
        locationLongitude: null,
        isOpen_24Hours: false,
        openTime: null,
        closeTime: '25:00',
        isTenantDeviceReader: true,
        deviceReaderMac: '00-1A-2B',
        address: { street: 's'.repeat(31), houseNumber: '123456', zipCode: '1234', city: 'c'.repeat(26), state: '' },
        connectors: [{ connectorId: 1, connectorTypePk: null, powerMax: 22000 }],
      }),
    );
    expect(res.json().message).toBe('Unable to perform the operation. Make sure the fields are filled in correctly.');
    expect(fieldsOf(res)).toEqual({
      chargeBoxId: stationMessages.noBlanks,
      description: 'Maximum of 90 characters.',
      endpointAddress: 'Maximum of 25 characters.',
      typeOf: stationMessages.required,
      locationLatitude: 'Latitude must be between -90 and 90.',
      locationLongitude: stationMessages.required,
      openTime: stationMessages.required,
      closeTime: 'Invalid time (HH:mm:ss).',
      deviceReaderMac: expect.stringContaining('Invalid MAC address'),
      'address.street': 'Maximum of 30 characters.',
      'address.houseNumber': 'Maximum of 5 characters.',
      'address.zipCode': 'The zip code must read 00000-000.',
      'address.city': 'Maximum of 25 characters.',
      'address.state': stationMessages.required,
      'connectors.0.connectorTypePk': stationMessages.required,
    });
  });

  it('create, with the face reader on a tenant without a device reader, answers 400 on isTenantDeviceReader', async () => {
    const fields = fieldsOf(
      await call(
        admin,
        'POST',
        '/api/chargepoints/',
        body({
          chargeBoxId: 'SOL-READER',
          tenantPk: await tenantPk(t, 'sol'),
          isTenantDeviceReader: true,
          deviceReaderMac: '00:1A:2B:3C:4D:5E',
        }),
      ),
    );
    expect(fields).toEqual({ isTenantDeviceReader: 'The tenant of this station has no device reader.' });
  });

  it('create, with a ChargeBox ID already in use, answers 400 on chargeBoxId', async () => {
    const fields = fieldsOf(await call(admin, 'POST', '/api/chargepoints/', body({ chargeBoxId: 'MOVE-SP-001' })));
    expect(fields).toEqual({ chargeBoxId: stationMessages.idTaken });
  });

  it('create, in a tenant outside the scope, answers 400 on tenantPk and writes nothing', async () => {
    const fields = fieldsOf(
      await call(
        operator,
        'POST',
        '/api/chargepoints/',
        body({ chargeBoxId: 'SNEAKY', tenantPk: await tenantPk(t, 'terpel'), ...(await lookedUp()) }),
      ),
    );
    expect(fields.tenantPk).toBe('Unknown tenant.');
    expect(
      await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', 'SNEAKY').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('create, with OCPI compatibility by a user without the OCPI permission, answers 403', async () => {
    const res = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({ chargeBoxId: 'OP-OCPI', isOcpiCompatible: true, ...(await lookedUp()) }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OCPI_NOT_ALLOWED', fields: { isOcpiCompatible: expect.any(String) } });
  });

  it('create, with a free power by a user without custom-powermax, answers 403; a rated power is fine', async () => {
    const free = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({ chargeBoxId: 'OP-POWER', connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 12345 }], ...(await lookedUp()) }),
    );
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ code: 'CUSTOM_POWER_NOT_ALLOWED', fields: { 'connectors.0.powerMax': expect.any(String) } });
    const rated = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({ chargeBoxId: 'OP-POWER', connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 7400 }], ...(await lookedUp()) }),
    );
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().chargePointDetail.connectors[0]).toMatchObject({ powerMax: 7400, powerMaxCustom: false });
  });

  it('create, with a free power by the administrator, stores it as custom', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/chargepoints/',
      body({ chargeBoxId: 'ADM-POWER', connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 12345 }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().chargePointDetail.connectors[0]).toMatchObject({ powerMax: 12345, powerMaxCustom: true });
  });

  it('create, with a three-phase power on a single-phase system, answers 400 (phase rules of §9)', async () => {
    const fields = fieldsOf(
      await call(
        admin,
        'POST',
        '/api/chargepoints/',
        body({
          chargeBoxId: 'PHASE',
          system: 'SINGLE_PHASE',
          phase: 'ABC',
          voltage: 380,
          connectors: [{ connectorId: 1, connectorTypePk: 2, powerMax: 22000 }],
        }),
      ),
    );
    expect(fields).toMatchObject({ phase: expect.stringContaining('A, B, C'), voltage: expect.stringContaining('220') });
  });

  // --- address provenance (/stations/allow_edit_address)

  /** The operator may not type city/state/street/coordinates: they come from the look-ups. */
  async function lookedUp() {
    const cep = (await call(operator, 'GET', '/api/users_data/ceps/01310-100')).json().addressForm;
    const geo = (await call(operator, 'GET', '/api/geocode?street=Avenida%20Paulista&number=1000')).json();
    return {
      addressLookupToken: cep.lookupToken,
      locationLookupToken: geo.lookupToken,
      locationLatitude: geo.latitude,
      locationLongitude: geo.longitude,
    };
  }

  it('create, with a hand-typed city and coordinates by a user without allow_edit_address, answers 403 ADDRESS_EDIT_NOT_ALLOWED', async () => {
    const res = await call(operator, 'POST', '/api/chargepoints/', body({ chargeBoxId: 'OP-TYPED' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ADDRESS_EDIT_NOT_ALLOWED' });
    expect(Object.keys(res.json().fields).sort()).toEqual(['address.city', 'address.state', 'address.street', 'locationLatitude']);
  });

  it('create, with the address and coordinates from the CEP and geocoding look-ups, is accepted without allow_edit_address', async () => {
    const cep = await call(operator, 'GET', '/api/users_data/ceps/01310-100');
    expect(cep.statusCode, cep.body).toBe(200);
    const geo = await call(operator, 'GET', '/api/geocode?street=Avenida%20Paulista&number=1000&city=S%C3%A3o%20Paulo&state=SP&country=BR');
    expect(geo.statusCode, geo.body).toBe(200);
    const res = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'OP-LOOKUP',
        addressLookupToken: cep.json().addressForm.lookupToken,
        locationLookupToken: geo.json().lookupToken,
        locationLatitude: geo.json().latitude,
        locationLongitude: geo.json().longitude,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chargePointDetail).toMatchObject({
      address: { city: 'São Paulo', street: 'Avenida Paulista' },
      locationLatitude: -23.5613,
    });
  });

  it('create, with a look-up token but a different city typed over it, answers 403', async () => {
    const cep = await call(operator, 'GET', '/api/users_data/ceps/01310100');
    const res = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'OP-FORGED',
        addressLookupToken: cep.json().addressForm.lookupToken,
        address: { street: 'Avenida Paulista', houseNumber: '1', zipCode: '01310-100', city: 'Campinas', state: 'SP' },
        ...{ showLocation: false, locationLatitude: null, locationLongitude: null },
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(Object.keys(res.json().fields)).toEqual(['address.city']);
  });

  it('create, with a zip covering a whole city (street N/A), lets the street be typed by hand', async () => {
    const cep = await call(operator, 'GET', '/api/users_data/ceps/70000-000');
    expect(cep.json().addressForm).toMatchObject({ street: 'N/A', city: 'Brasília', state: 'DF' });
    const { locationLookupToken, locationLatitude, locationLongitude } = await lookedUp();
    const res = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'OP-NA',
        addressLookupToken: cep.json().addressForm.lookupToken,
        address: { street: 'Eixo Monumental', houseNumber: '1', zipCode: '70000-000', city: 'Brasília', state: 'DF' },
        locationLookupToken,
        locationLatitude,
        locationLongitude,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('create, with the address and coordinates copied from the chosen group, is accepted without allow_edit_address', async () => {
    const g = await t.db.selectFrom('station_groups').selectAll().where('name', '=', 'Move São Paulo').executeTakeFirstOrThrow();
    const res = await call(
      operator,
      'POST',
      '/api/chargepoints/',
      body({
        chargeBoxId: 'OP-GROUP',
        chargeBoxGroupPk: g.charge_box_group_pk,
        address: { street: g.street, houseNumber: g.house_number, zipCode: g.zip_code, city: g.city, state: g.state },
        locationLatitude: g.location_latitude,
        locationLongitude: g.location_longitude,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chargePointDetail.chargeBoxGroupName).toBe('Move São Paulo');
  });

  // --- update

  it('update, with new values, changes them and keeps what was not sent', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    const res = await call(operator, 'PUT', `/api/chargepoints/${pk}/`, {
      description: 'Descrição nova',
      active: false,
      connectors: [{ connectorId: 1, unusualStatus: 'UNAVAILABLE' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Station updated successfully!',
      chargePointDetail: { description: 'Descrição nova', active: false, address: { city: 'São Paulo' }, locationLatitude: -23.5613 },
    });
    expect(res.json().chargePointDetail.connectors[0]).toMatchObject({ connectorTypePk: 2, powerMax: 22000, unusualStatus: 'UNAVAILABLE' });
  });

  it('update, with a different ChargeBox ID, answers 400 (immutable after creation)', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    expect(fieldsOf(await call(admin, 'PUT', `/api/chargepoints/${pk}`, { chargeBoxId: 'RENAMED' }))).toEqual({
      chargeBoxId: stationMessages.idImmutable,
    });
    expect(await t.db.selectFrom('charge_boxes').select('charge_box_id').where('charge_box_pk', '=', pk).executeTakeFirstOrThrow()).toEqual(
      { charge_box_id: 'OP-LOOKUP' },
    );
  });

  it('update, sending the stored OCPI value without the OCPI permission, is fine; changing it answers 403', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    expect((await call(operator, 'PUT', `/api/chargepoints/${pk}`, { isOcpiCompatible: false })).statusCode).toBe(200);
    expect((await call(operator, 'PUT', `/api/chargepoints/${pk}`, { isOcpiCompatible: true })).json().code).toBe('OCPI_NOT_ALLOWED');
  });

  it('update, of the advanced technical settings without the smart-charging permission, answers 403', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    const res = await call(operator, 'PUT', `/api/chargepoints/${pk}`, { system: 'THREE_PHASE', phase: 'ABC', voltage: 380 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SMART_CHARGING_NOT_ALLOWED');
  });

  it('update, of the OCPP password, sets it and clears it, never returning it', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    const set = await call(admin, 'PUT', `/api/chargepoints/${pk}`, { ocppPassword: 'another-secret-9' });
    expect(set.json().chargePointDetail.hasOcppPassword).toBe(true);
    expect(fieldsOf(await call(admin, 'PUT', `/api/chargepoints/${pk}`, { ocppPassword: 'short' }))).toEqual({
      ocppPassword: expect.any(String),
    });
    const cleared = await call(admin, 'PUT', `/api/chargepoints/${pk}`, { ocppPassword: null });
    expect(cleared.json().chargePointDetail.hasOcppPassword).toBe(false);
  });

  it('update, of a station of another tenant, answers 404 and changes nothing', async () => {
    const pk = await stationPk(t, 'MOVE-SP-001');
    const res = await call(terpelAdmin, 'PUT', `/api/chargepoints/${pk}`, { description: 'hijacked' });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.db.selectFrom('charge_boxes').select('description').where('charge_box_pk', '=', pk).executeTakeFirstOrThrow()).description,
    ).not.toBe('hijacked');
  });

  it('update, moving a station into a tenant at its limit, answers 403 STATION_LIMIT', async () => {
    const pk = await stationPk(t, 'ADM-POWER');
    const sol = await tenantPk(t, 'sol');
    await t.db.updateTable('tenants').set({ station_limit: 2 }).where('tenant_pk', '=', sol).execute();
    try {
      const res = await call(admin, 'PUT', `/api/chargepoints/${pk}`, { tenantPk: sol, isTenantDeviceReader: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STATION_LIMIT');
    } finally {
      await t.db.updateTable('tenants').set({ station_limit: null }).where('tenant_pk', '=', sol).execute();
    }
  });

  // --- private stations

  it('update, making a station private with owners and users, stores the bindings; back to public clears them', async () => {
    const pk = await stationPk(t, 'ADM-POWER');
    const ownerPk = await userPk(t, demo.owner.email);
    const driverPk = await userPk(t, demo.driver.email);
    const res = await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
      typeOf: 'PRIVATE',
      bindUsers: [
        { user_pk: ownerPk, owner: true, bind_status: 'ACCEPTED' },
        { user_pk: driverPk, owner: false, bind_status: 'ACCEPTED' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chargePointDetail.bindUsers).toEqual([
      { user_pk: ownerPk, email: demo.owner.email, user_name: 'Daniela Proprietária', owner: true, bind_status: 'ACCEPTED' },
      { user_pk: driverPk, email: demo.driver.email, user_name: 'Marcos Silva', owner: false, bind_status: 'ACCEPTED' },
    ]);
    const listed = await call(operator, 'GET', `/api/users_data/private_charge_point?chargeBoxPK=${pk}`);
    expect(listed.json().userPrivateStationList).toEqual([
      expect.objectContaining({
        user_pk: ownerPk,
        owner: true,
        bind_status: 'ACCEPTED',
        bind_exists: true,
        tenant_related: true,
        tenant_name: 'Move Eletropostos',
      }),
      expect.objectContaining({ user_pk: driverPk, owner: false, bind_exists: true }),
    ]);
    const pub = await call(admin, 'PUT', `/api/chargepoints/${pk}`, { typeOf: 'PUBLIC' });
    expect(pub.json().chargePointDetail.bindUsers).toEqual([]);
  });

  it('update, binding a user outside the scope, answers 400 User not found!', async () => {
    const pk = await stationPk(t, 'OP-LOOKUP');
    const foreign = await userPk(t, 'conductor@terpel.co');
    const fields = fieldsOf(
      await call(operator, 'PUT', `/api/chargepoints/${pk}`, {
        typeOf: 'PRIVATE',
        bindUsers: [{ user_pk: foreign, owner: true, bind_status: 'ACCEPTED' }],
      }),
    );
    expect(fields).toEqual({ 'bindUsers.0': 'User not found!' });
  });

  it('private-station list, for a station of another tenant, answers 404; without a station, an empty list', async () => {
    expect(
      (await call(terpelAdmin, 'GET', `/api/users_data/private_charge_point?chargeBoxPK=${await stationPk(t, 'MOVE-SP-003')}`)).statusCode,
    ).toBe(404);
    expect((await call(operator, 'GET', '/api/users_data/private_charge_point')).json()).toEqual({ userPrivateStationList: [] });
  });

  it('CPF search, for the owner of the demo private station, answers the owner binding', async () => {
    const pk = await stationPk(t, 'MOVE-SP-003');
    const res = await call(admin, 'GET', `/api/users_data/tenant_parent/cpf/52998224725?chargeBoxPK=${pk}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().userPrivateStation).toMatchObject({
      email: demo.owner.email,
      owner: true,
      bind_status: 'ACCEPTED',
      bind_exists: true,
    });
  });

  it('CPF search, for a CPF of the scope typed with punctuation, answers the user with the binding state', async () => {
    const pk = await stationPk(t, 'MOVE-SP-001');
    const res = await call(admin, 'GET', `/api/users_data/tenant_parent/cpf/529.982.247-25?chargeBoxPK=${pk}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userPrivateStation: {
        user_pk: await userPk(t, demo.owner.email),
        email: demo.owner.email,
        user_name: 'Daniela Proprietária',
        tenant_name: 'Move Eletropostos',
        tenant_related: true,
        owner: false,
        bind_status: 'NOT_REQUESTED',
        bind_exists: false,
      },
    });
  });

  it('CPF search, for an unknown CPF or one outside the scope, answers data.error User not found!', async () => {
    expect((await call(admin, 'GET', '/api/users_data/tenant_parent/cpf/11122233344')).json()).toEqual({
      data: { error: 'User not found!' },
    });
    expect((await call(terpelAdmin, 'GET', '/api/users_data/tenant_parent/cpf/52998224725')).json()).toEqual({
      data: { error: 'User not found!' },
    });
  });

  it('CPF search, with fewer than 11 digits, answers 400; without the CPF permission, 403', async () => {
    expect((await call(admin, 'GET', '/api/users_data/tenant_parent/cpf/5299822472')).statusCode).toBe(400);
    expect((await call(operator, 'GET', '/api/users_data/tenant_parent/cpf/52998224725')).statusCode).toBe(403);
  });

  // --- one transaction

  it('create, when writing fails half-way (photo storage broken), leaves no station, connector or photo behind', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'stations'), 'not a directory');
    try {
      const res = await call(
        admin,
        'POST',
        '/api/chargepoints/',
        body({ chargeBoxId: 'HALF-WRITTEN', photos: [{ name: 'front.png', base64: b64(PNG_1X1) }] }),
      );
      expect(res.statusCode).toBe(500);
      expect(
        await t.db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', 'HALF-WRITTEN').executeTakeFirst(),
      ).toBeUndefined();
      expect(await t.db.selectFrom('station_photos').select('uid').where('name', '=', 'front.png').executeTakeFirst()).toBeUndefined();
    } finally {
      fs.rmSync(path.join(uploads, 'stations'), { force: true });
    }
    // The same form then goes through, so the id was never taken.
    expect((await call(admin, 'POST', '/api/chargepoints/', body({ chargeBoxId: 'HALF-WRITTEN' }))).statusCode).toBe(200);
  });

  it('update, when writing fails half-way, keeps the stored description, connectors and photos', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/chargepoints/',
      body({ chargeBoxId: 'ROLLBACK', photos: [{ name: 'a.png', base64: b64(PNG_1X1) }] }),
    );
    const d = created.json().chargePointDetail;
    const dir = path.join(t.config.dataDir, 'uploads', 'stations', String(d.chargeBoxPk));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'blocked');
    try {
      const res = await call(admin, 'PUT', `/api/chargepoints/${d.chargeBoxPk}`, {
        description: 'never saved',
        connectors: [{ connectorId: 1, connectorTypePk: 6, powerMax: 60000 }],
        deletedPhotos: [d.photos[0].uid],
        photos: [{ name: 'b.jpg', base64: b64(JPEG_BYTES) }],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      fs.rmSync(dir, { force: true });
    }
    const after = (await call(admin, 'GET', `/api/chargepoints/${d.chargeBoxPk}`)).json().chargePointDetail;
    expect(after.description).toBe('Nova estação Paulista');
    expect(after.connectors[0]).toMatchObject({ connectorTypePk: 2, powerMax: 22000 });
    expect(after.photos.map((p: { name: string }) => p.name)).toEqual(['a.png']);
  });

  // --- photos

  describe('photos', () => {
    let pk: number;
    beforeAll(async () => {
      const res = await call(
        admin,
        'POST',
        '/api/chargepoints/',
        body({
          chargeBoxId: 'PHOTOS-1',
          photos: [
            { name: 'front.png', base64: b64(PNG_1X1) },
            { name: 'side.jpg', base64: `data:image/jpeg;base64,${b64(JPEG_BYTES)}` },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      pk = res.json().chargePointDetail.chargeBoxPk;
    });

    it('photos, when saved with the station, are listed with a url and served back as the same bytes', async () => {
      const detail = (await call(admin, 'GET', `/api/chargepoints/${pk}`)).json().chargePointDetail;
      expect(detail.photos).toEqual([
        {
          uid: expect.any(String),
          name: 'front.png',
          url: expect.stringMatching(/^\/api\/chargepoints\/PHOTOS-1\/photos\/[0-9a-f-]{36}\/$/),
          status: 'done',
        },
        { uid: expect.any(String), name: 'side.jpg', url: expect.any(String), status: 'done' },
      ]);
      const listed = await call(operator, 'GET', '/api/chargepoints/PHOTOS-1/photos');
      expect(listed.json().chargePointPhotos).toEqual(detail.photos);
      const file = await call(operator, 'GET', detail.photos[0].url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
      const jpeg = await call(operator, 'GET', detail.photos[1].url);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'stations', String(pk))).length).toBe(2);
    });

    it('photos, for a user of another tenant, are invisible (404)', async () => {
      const detail = (await call(admin, 'GET', `/api/chargepoints/${pk}`)).json().chargePointDetail;
      expect((await call(terpelAdmin, 'GET', '/api/chargepoints/PHOTOS-1/photos')).statusCode).toBe(404);
      expect((await call(terpelAdmin, 'GET', detail.photos[0].url)).statusCode).toBe(404);
    });

    it('a photo, whose bytes are not JPEG or PNG though named .png, answers 400 with the type message', async () => {
      const fields = fieldsOf(
        await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
          photos: [{ name: 'fake.png', base64: b64(Buffer.from('GIF89a not really')) }],
        }),
      );
      expect(fields).toEqual({ 'photos.0': 'You can only upload .jpg/.jpeg/.png file!' });
    });

    it('a photo of 10 MB or more answers 400 with the size message', async () => {
      const fields = fieldsOf(
        await call(admin, 'PUT', `/api/chargepoints/${pk}`, { photos: [{ name: 'big.png', base64: b64(pngOfSize(10 * 1024 * 1024)) }] }),
      );
      expect(fields).toEqual({ 'photos.0': 'Image must smaller than 10MB!' });
    });

    it('a photo just under 10 MB is accepted', async () => {
      const res = await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
        photos: [{ name: 'almost.png', base64: b64(pngOfSize(10 * 1024 * 1024 - 1)) }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().chargePointDetail.photos).toHaveLength(3);
    });

    it('a fourth photo answers 400 on photos; deleting one in the same form makes room', async () => {
      const fields = fieldsOf(
        await call(admin, 'PUT', `/api/chargepoints/${pk}`, { photos: [{ name: 'fourth.png', base64: b64(PNG_1X1) }] }),
      );
      expect(fields).toEqual({ photos: stationMessages.photoMax });
      const detail = (await call(admin, 'GET', `/api/chargepoints/${pk}`)).json().chargePointDetail;
      const almost = detail.photos.find((p: { name: string }) => p.name === 'almost.png');
      const res = await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
        deletedPhotos: [almost.uid],
        photos: [...detail.photos, { name: 'fourth.png', base64: b64(PNG_1X1) }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().chargePointDetail.photos.map((p: { name: string }) => p.name)).toEqual(['front.png', 'side.jpg', 'fourth.png']);
      expect((await call(admin, 'GET', almost.url)).statusCode).toBe(404);
      expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'stations', String(pk))).length).toBe(3);
    });

    it('a photo named like a stored one (any case) or twice in one form answers 400 with the duplicate message', async () => {
      const detail = (await call(admin, 'GET', `/api/chargepoints/${pk}`)).json().chargePointDetail;
      const gone = detail.photos.find((p: { name: string }) => p.name === 'fourth.png');
      const stored = fieldsOf(
        await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
          deletedPhotos: [gone.uid],
          photos: [{ name: 'FRONT.png', base64: b64(PNG_1X1) }],
        }),
      );
      expect(stored).toEqual({ 'photos.0': 'An image with this name already exists!' });
      const twice = fieldsOf(
        await call(admin, 'PUT', `/api/chargepoints/${pk}`, {
          deletedPhotos: [gone.uid],
          photos: [
            { name: 'new.png', base64: b64(PNG_1X1) },
            { name: 'new.png', base64: b64(PNG_1X1) },
          ],
        }),
      );
      expect(twice).toEqual({ 'photos.1': 'An image with this name already exists!', photos: stationMessages.photoMax });
    });
  });
});
