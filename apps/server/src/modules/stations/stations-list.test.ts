// @postgres planner: the only test of the stations' trigram search index, which PGlite does not have.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restoreClock, setClock } from '../../../test/helpers/clock';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, aTransaction, anEnergySample, markOnline, stationPk, tenantPk } from '../../../test/helpers/station-builders';

const DEMO_IDS = [
  'ANDES-UIO-001',
  'MOVE-CWB-001',
  'MOVE-RJ-001',
  'MOVE-SP-001',
  'MOVE-SP-002',
  'MOVE-SP-003',
  'SOL-BH-001',
  'SOL-RJ-001',
  'TERPEL-BOG-001',
  'TERPEL-BOG-002',
  'TERPEL-MDE-001',
];
const SOL_LINE = DEMO_IDS.filter((id) => id.startsWith('MOVE') || id.startsWith('SOL'));

interface ListRow {
  chargeBoxPk: number;
  chargeBoxId: string;
  recharges: number;
  consumption: number;
  monthConsumption: number;
  online: boolean;
  active: boolean;
  tenantName: string;
  connectors: { connectorId: number; unusualStatus: string | null; lastStatus: { status: string | null }; statusGroup: string }[];
}

describe('GET chargepoints (list, map) and GET chargepoints/{id}', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let terpel: string;
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (token: string, query: string) => {
    const res = await get(token, `/api/chargepoints/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { chargePointList: ListRow[]; count: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator, terpel] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator), loginAs(t.app, demo.terpel)]);
  });
  afterAll(() => t.close());
  afterEach(() => restoreClock());

  it('list, for the administrator, pages every station in ChargeBox ID order with the total count', async () => {
    const first = await list(admin, 'page=1&size=10&timeZone=America/Sao_Paulo');
    expect(first.count).toBe(DEMO_IDS.length);
    expect(first.chargePointList.map((r) => r.chargeBoxId)).toEqual(DEMO_IDS.slice(0, 10));
    const second = await list(admin, 'page=2&size=10');
    expect(second.chargePointList.map((r) => r.chargeBoxId)).toEqual(DEMO_IDS.slice(10));
    expect(second.count).toBe(DEMO_IDS.length);
  });

  it('list, with a trailing slash or none and size 3 page 2, answers rows 4 to 6', async () => {
    const res = await get(admin, '/api/chargepoints?page=2&size=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().chargePointList.map((r: ListRow) => r.chargeBoxId)).toEqual(DEMO_IDS.slice(3, 6));
  });

  it('list, for a Sol operator, holds only the stations of Sol and its child Move', async () => {
    const body = await list(operator, 'page=1&size=50');
    expect(body.chargePointList.map((r) => r.chargeBoxId)).toEqual(SOL_LINE);
    expect(body.count).toBe(SOL_LINE.length);
  });

  it('list, for the Terpel operator asking for the Move tenant, is empty (scope is enforced in SQL)', async () => {
    const body = await list(terpel, `page=1&tenantPk=${await tenantPk(t, 'move')}`);
    expect(body).toEqual({ chargePointList: [], count: 0 });
  });

  it('list, searching part of a description in another case, finds the station', async () => {
    const body = await list(admin, 'page=1&searchInput=PAULISTA');
    expect(body.chargePointList.map((r) => r.chargeBoxId)).toEqual(['MOVE-SP-001']);
    expect(body.count).toBe(1);
  });

  it('list, searching without accents or with other ones, finds the accented description', async () => {
    // 'Move Copacabana - Avenida Atlântica' and 'Sol Praça da Liberdade'.
    for (const term of ['atlantica', 'ATLANTICA', 'atlántica', 'ATLÂNTICA']) {
      const body = await list(admin, `page=1&searchInput=${encodeURIComponent(term)}`);
      expect(
        body.chargePointList.map((r) => r.chargeBoxId),
        term,
      ).toEqual(['MOVE-RJ-001']);
    }
    expect((await list(admin, 'page=1&searchInput=praca')).chargePointList.map((r) => r.chargeBoxId)).toEqual(['SOL-BH-001']);
  });

  it('list, searching part of a ChargeBox ID in lower case, finds the stations', async () => {
    const body = await list(admin, 'page=1&searchInput=terpel-bog');
    expect(body.chargePointList.map((r) => r.chargeBoxId)).toEqual(['TERPEL-BOG-001', 'TERPEL-BOG-002']);
  });

  it('list, searching several words, finds the stations holding every word in the ID or the name', async () => {
    // 'move sp 001': MOVE-SP-001 holds all three; MOVE-SP-002 lacks 001, MOVE-RJ-001 lacks sp.
    expect((await list(admin, 'page=1&searchInput=move%20sp%20001')).chargePointList.map((r) => r.chargeBoxId)).toEqual(['MOVE-SP-001']);
    // Spaces around and between the words do not count; a word of the name and one of the ID.
    expect((await list(admin, 'page=1&searchInput=%20%20paulista%20%20move%20')).chargePointList.map((r) => r.chargeBoxId)).toEqual([
      'MOVE-SP-001',
    ]);
    expect((await list(admin, 'page=1&searchInput=paulista%20rj')).count).toBe(0);
  });

  it('list, searching a LIKE wildcard, takes it literally', async () => {
    expect((await list(admin, 'page=1&searchInput=%25')).count).toBe(0);
    expect((await list(admin, 'page=1&searchInput=_')).count).toBe(0);
  });

  it('list, filtered by tenant and by group, answers only those stations', async () => {
    const byTenant = await list(admin, `page=1&size=50&tenantPk=${await tenantPk(t, 'sol')}`);
    expect(byTenant.chargePointList.map((r) => r.chargeBoxId)).toEqual(['SOL-BH-001', 'SOL-RJ-001']);
    const group = await t.db
      .selectFrom('station_groups')
      .select('charge_box_group_pk')
      .where('name', '=', 'Move São Paulo')
      .executeTakeFirstOrThrow();
    const byGroup = await list(admin, `page=1&chargeBoxGroupPk=${group.charge_box_group_pk}`);
    expect(byGroup.chargePointList.map((r) => r.chargeBoxId)).toEqual(['MOVE-SP-001', 'MOVE-SP-002']);
  });

  it('list, filtered by active=false and by online, answers disabled and connected stations only', async () => {
    const pk = await aStation(t, { id: 'ZZ-DISABLED', active: false });
    const online = await stationPk(t, 'SOL-BH-001');
    await markOnline(t, online);
    try {
      const disabled = await list(admin, 'page=1&active=false');
      expect(disabled.chargePointList.map((r) => r.chargeBoxId)).toEqual(['ZZ-DISABLED']);
      const on = await list(admin, 'page=1&online=true');
      expect(on.chargePointList.map((r) => [r.chargeBoxId, r.online])).toEqual([['SOL-BH-001', true]]);
      const off = await list(admin, 'page=1&size=50&online=false&active=true');
      expect(off.count).toBe(DEMO_IDS.length - 1);
      expect(off.chargePointList.every((r) => !r.online && r.active)).toBe(true);
    } finally {
      await t.db.deleteFrom('station_connections').execute();
      await t.db.deleteFrom('connectors').where('charge_box_pk', '=', pk).execute();
      await t.db.deleteFrom('charge_boxes').where('charge_box_pk', '=', pk).execute();
    }
  });

  it('list, with recharges this month, counts them and sums their Wh (running ones to their latest sample); older ones are left out', async () => {
    setClock('2026-06-15T12:00:00Z');
    const pk = await aStation(t, { id: 'ZZ-ENERGY' });
    const now = Date.now();
    await aTransaction(t, {
      chargeBoxPk: pk,
      start: new Date(now - 3 * 3600_000),
      stop: new Date(now - 2 * 3600_000),
      startWh: 1000,
      stopWh: 6000,
    });
    const open = await aTransaction(t, { chargeBoxPk: pk, connectorId: 2, start: new Date(now - 30 * 60_000), startWh: 1000 });
    await anEnergySample(t, { transactionPk: open, at: new Date(now - 20 * 60_000), value: 2.5, unit: 'kWh' });
    await anEnergySample(t, { transactionPk: open, at: new Date(now - 10 * 60_000), value: 3.5, unit: 'kWh' });
    await aTransaction(t, {
      chargeBoxPk: pk,
      start: new Date(now - 70 * 86_400_000),
      stop: new Date(now - 70 * 86_400_000 + 3600_000),
      startWh: 0,
      stopWh: 99_000,
    });
    const body = await list(admin, 'page=1&searchInput=ZZ-ENERGY&timeZone=UTC');
    expect(body.chargePointList[0]).toMatchObject({
      chargeBoxId: 'ZZ-ENERGY',
      recharges: 2,
      consumption: 5000 + 2500,
      monthConsumption: 7500,
    });
    const map = (await get(admin, '/api/chargepoints/'))
      .json()
      .chargePointList.find((r: { chargeBoxId: string }) => r.chargeBoxId === 'ZZ-ENERGY');
    expect(map.monthConsumption).toBe(7500);
    expect(map.connectors).toEqual([
      { connectorId: 1, connectorType: 'Type 2', lastStatus: { status: null, usage: 0 } },
      { connectorId: 2, connectorType: 'Type 2', lastStatus: { status: null, usage: 2500 } },
    ]);
  });

  it('map list: a connector whose last recharge has stopped shows no usage, even with an older recharge whose stop was lost', async () => {
    setClock('2026-06-15T12:00:00Z');
    const pk = await aStation(t, { id: 'ZZ-LOST-STOP' });
    const now = Date.now();
    // Connector 1: a recharge whose stop never came (4 h ago, 2 kWh sampled), then one that stopped.
    const lost = await aTransaction(t, { chargeBoxPk: pk, start: new Date(now - 4 * 3600_000), startWh: 0 });
    await anEnergySample(t, { transactionPk: lost, at: new Date(now - 3.5 * 3600_000), value: 2, unit: 'kWh' });
    await aTransaction(t, {
      chargeBoxPk: pk,
      start: new Date(now - 3 * 3600_000),
      stop: new Date(now - 2 * 3600_000),
      startWh: 0,
      stopWh: 5000,
    });
    // Connector 2: the running recharge, 1.2 kWh so far.
    const running = await aTransaction(t, { chargeBoxPk: pk, connectorId: 2, start: new Date(now - 20 * 60_000), startWh: 300 });
    await anEnergySample(t, { transactionPk: running, at: new Date(now - 5 * 60_000), value: 1500, unit: 'Wh' });
    const map = (await get(admin, '/api/chargepoints/'))
      .json()
      .chargePointList.find((r: { chargeBoxId: string }) => r.chargeBoxId === 'ZZ-LOST-STOP');
    expect(map.connectors.map((c: { lastStatus: { usage: number } }) => c.lastStatus.usage)).toEqual([0, 1200]);
  });

  it('list, in the first hour of a month (UTC): counts the recharges since the month began in the asked time zone', async () => {
    // Arrange: 1 July 2026, 01:00 UTC = 30 June, 22:00 in São Paulo (UTC-3)
    setClock('2026-07-01T01:00:00Z');
    const pk = await aStation(t, { id: 'ZZ-MONTH-EDGE' });
    await aTransaction(t, {
      chargeBoxPk: pk,
      start: new Date('2026-06-30T23:00:00Z'),
      stop: new Date('2026-06-30T23:30:00Z'),
      startWh: 0,
      stopWh: 4000,
    });
    await aTransaction(t, {
      chargeBoxPk: pk,
      start: new Date('2026-07-01T00:10:00Z'),
      stop: new Date('2026-07-01T00:40:00Z'),
      startWh: 0,
      stopWh: 1000,
    });

    // Act
    const utc = await list(admin, 'page=1&searchInput=ZZ-MONTH-EDGE&timeZone=UTC');
    const saoPaulo = await list(admin, 'page=1&searchInput=ZZ-MONTH-EDGE&timeZone=America/Sao_Paulo');

    // Assert: in UTC July began an hour ago (the 00:10 recharge only); in São Paulo it is still June
    // (both; June began 1 June 03:00 UTC).
    expect(utc.chargePointList[0]).toMatchObject({ recharges: 1, monthConsumption: 1000 });
    expect(saoPaulo.chargePointList[0]).toMatchObject({ recharges: 2, monthConsumption: 5000 });
  });

  it('list, for each connector status, answers the status group of the spec, the manual status overriding', async () => {
    const pk = await aStation(t, { id: 'ZZ-STATUS', connectors: 0 });
    const cases: [string | null, 'MAINTENANCE' | 'UNAVAILABLE' | null, string][] = [
      ['Charging', null, 'busy'],
      ['Finishing', null, 'busy'],
      ['SuspendedEVSE', null, 'busy'],
      ['SuspendedEV', null, 'busy'],
      ['Reserved', null, 'busy'],
      ['Preparing', null, 'busy'],
      ['Available', null, 'available'],
      ['Available', 'MAINTENANCE', 'maintenance'],
      ['Charging', 'UNAVAILABLE', 'unavailable'],
      ['Faulted', null, 'unavailable'],
      ['Unavailable', null, 'unavailable'],
      ['SomethingNew', null, 'unavailable'],
      [null, null, 'unavailable'],
    ];
    await t.db
      .insertInto('connectors')
      .values(
        cases.map(([status, unusual], i) => ({
          charge_box_pk: pk,
          connector_id: i + 1,
          connector_type_pk: 2,
          power_max: 22000,
          unusual_status: unusual,
          last_status: status,
          last_status_timestamp: status ? new Date() : null,
          money_per_kilowatt_income: null,
          money_per_duration_income: null,
        })),
      )
      .execute();
    const row = (await list(admin, 'page=1&searchInput=ZZ-STATUS')).chargePointList[0]!;
    expect(row.connectors.map((c) => c.statusGroup)).toEqual(cases.map((c) => c[2]));
    expect(row.connectors[7]).toMatchObject({ unusualStatus: 'MAINTENANCE', lastStatus: { status: 'Available' } });
    const map = (await get(admin, '/api/chargepoints'))
      .json()
      .chargePointList.find((r: { chargeBoxId: string }) => r.chargeBoxId === 'ZZ-STATUS');
    expect(map.connectors[7].lastStatus.status).toBe('MAINTENANCE');
    expect(map.connectors[8].lastStatus.status).toBe('UNAVAILABLE');
  });

  it('map list, by origin, answers only that origin (MOVE by default) within the scope', async () => {
    await t.db.updateTable('charge_boxes').set({ origin: 'PLUG_SHARE' }).where('charge_box_id', '=', 'MOVE-CWB-001').execute();
    try {
      const plug = (await get(operator, '/api/chargepoints?originType=PLUG_SHARE')).json();
      expect(plug.chargePointList.map((r: { chargeBoxId: string }) => r.chargeBoxId)).toEqual(['MOVE-CWB-001']);
      expect(plug.chargePointList[0]).toMatchObject({
        origin: 'PLUG_SHARE',
        address: { street: expect.any(String) },
        locationLatitude: expect.any(Number),
      });
      const move = (await get(operator, '/api/chargepoints')).json();
      const ids = move.chargePointList.map((r: { chargeBoxId: string }) => r.chargeBoxId);
      expect(ids).not.toContain('MOVE-CWB-001');
      expect(ids.every((id: string) => id.startsWith('MOVE') || id.startsWith('SOL') || id.startsWith('ZZ'))).toBe(true);
      expect(move).not.toHaveProperty('count');
    } finally {
      await t.db.updateTable('charge_boxes').set({ origin: 'MOVE' }).where('charge_box_id', '=', 'MOVE-CWB-001').execute();
    }
  });

  it('list, with page 0 or an unknown time zone, answers 400', async () => {
    expect((await get(admin, '/api/chargepoints?page=0')).statusCode).toBe(400);
    const res = await get(admin, '/api/chargepoints?page=1&timeZone=Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.timeZone).toBeTruthy();
  });

  it('list, without a session or a station permission, answers 401 or 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/chargepoints?page=1' })).statusCode).toBe(401);
    const nobody = await aDashboardUser(t, { email: 'users-only@move.com.br', password: 'Users@2026', tenant: 'move', routes: ['/users'] });
    const token = await loginAs(t.app, nobody);
    expect((await get(token, '/api/chargepoints?page=1')).statusCode).toBe(403);
    expect((await get(token, `/api/chargepoints/${await stationPk(t, 'MOVE-SP-001')}`)).statusCode).toBe(403);
  });

  it('detail, for a station of the scope, answers every form field with money in minor units and tax as a fraction', async () => {
    const pk = await stationPk(t, 'MOVE-SP-002');
    const res = await get(operator, `/api/chargepoints/${pk}/`);
    expect(res.statusCode).toBe(200);
    const d = res.json().chargePointDetail;
    expect(d).toMatchObject({
      chargeBoxPk: pk,
      chargeBoxId: 'MOVE-SP-002',
      tenantName: 'Move Eletropostos',
      tenantDeviceReader: true,
      typeOf: 'PUBLIC',
      isOpen_24Hours: false,
      openTime: '10:00:00',
      closeTime: '22:00:00',
      hasPayment: true,
      paymentChargeByIncome: 'CONNECTOR',
      moneyPerKilowattIncome: 249,
      moneyPerKilowattCost: 95,
      taxIncome: 0.05,
      chargeBoxGroupName: 'Move São Paulo',
      hasOcppPassword: false,
      address: { street: 'Avenida Rebouças', zipCode: '05402-600', country: 'BR' },
      bindUsers: [],
      photos: [],
    });
    expect(d.connectors).toEqual([
      expect.objectContaining({ connectorId: 1, connectorType: 'CCS Type 2', powerMax: 60000, moneyPerKilowattIncome: 279 }),
      expect.objectContaining({ connectorId: 2, connectorType: 'CHAdeMO', powerMax: 50000, moneyPerKilowattIncome: 279 }),
      expect.objectContaining({ connectorId: 3, connectorType: 'Type 2', powerMax: 22000, moneyPerKilowattIncome: 219 }),
    ]);
    expect(d).not.toHaveProperty('ocppPasswordHash');
    expect(res.body).not.toContain('scrypt');
  });

  it('detail, for a station of another tenant, answers 404 as if it did not exist', async () => {
    const pk = await stationPk(t, 'TERPEL-BOG-001');
    const res = await get(operator, `/api/chargepoints/${pk}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('STATION_NOT_FOUND');
    expect((await get(operator, '/api/chargepoints/999999')).json().code).toBe('STATION_NOT_FOUND');
  });

  it('connector types, when listed, are the eight of the spec', async () => {
    const res = await get(operator, '/api/connector_types/');
    expect(res.json().connectorTypeList.map((c: { name: string }) => c.name)).toEqual([
      'Type 1',
      'Type 2',
      'Tesla',
      'CCS Type 1',
      'CCS Type 2',
      'CHAdeMO',
      'GB/T',
      'Plug NBR',
    ]);
  });
  it('OpenAPI, when generated, documents every call of the stations area', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/chargepoints/',
      '/api/chargepoints/check/',
      '/api/chargepoints/{id}/',
      '/api/chargepoints/{id}/photos/',
      '/api/chargepoints/{id}/connector/{connectorId}/',
      '/api/chargepoint-groups/{id}/',
      '/api/report/assessment/unified/',
      '/api/stations/dashboard/graphs/',
      '/api/users_data/ceps/{zip}/',
      '/api/users_data/tenant_parent/cpf/{cpf}/',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
