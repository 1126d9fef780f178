// @postgres planner: a deleted station is looked for through the trigram-indexed search.
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation, aTransaction, stationPk, tenantPk } from '../../../test/helpers/station-builders';

describe('PUT chargepoints/{pk}/connector/{id}, DELETE chargepoints/{id}, QR code', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let owner: string;
  let terpelAdmin: string;
  const events: { subject: string; data: unknown }[] = [];

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
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
    t.bus.subscribe('live.>', (data, subject) => events.push({ subject, data }));
  });
  afterAll(() => t.close());

  // --- connector

  it('connector update, to MAINTENANCE, stores it, shows it on the list and map, and publishes a live status', async () => {
    const pk = await aStation(t, { id: 'CONN-1' });
    await t.db
      .updateTable('connectors')
      .set({ last_status: 'Available', last_error_code: 'NoError' })
      .where('charge_box_pk', '=', pk)
      .execute();
    events.length = 0;
    // Connector settings are the operator's: a station owner is refused.
    expect((await call(owner, 'PUT', `/api/chargepoints/${pk}/connector/1/`, { unusualStatus: 'MAINTENANCE' })).statusCode).toBe(403);
    const res = await call(operator, 'PUT', `/api/chargepoints/${pk}/connector/1/`, {
      unusualStatus: 'MAINTENANCE',
      moneyPerKilowattIncome: 250,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connector).toMatchObject({
      connectorId: 1,
      unusualStatus: 'MAINTENANCE',
      statusGroup: 'maintenance',
      moneyPerKilowattIncome: 250,
      powerMax: 22000,
    });
    const row = (await call(operator, 'GET', '/api/chargepoints?page=1&searchInput=CONN-1')).json().chargePointList[0];
    expect(row.connectors.map((c: { statusGroup: string }) => c.statusGroup)).toEqual(['maintenance', 'available']);
    await new Promise((r) => setTimeout(r, 50));
    const moveKey = (await t.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow()).api_key;
    const statusEvent = events.find((e) => e.subject.endsWith('.connector.1.status') && e.subject.includes(moveKey));
    expect(statusEvent?.data).toMatchObject({
      topic: `${moveKey}/chargeBox/CONN-1/connector/1/status`,
      data: { chargeBoxId: 'CONN-1', connectorId: 1, status: 'MAINTENANCE', errorCode: 'NoError' },
    });
    expect(events.some((e) => (e.data as { topic: string }).topic === `${moveKey}/chargeBox`)).toBe(true);
  });

  it('connector update, back to Automatic (null), shows the status the station reported again', async () => {
    const pk = await stationPk(t, 'CONN-1');
    const res = await call(admin, 'PUT', `/api/chargepoints/${pk}/connector/1`, { unusualStatus: null });
    expect(res.json().connector).toMatchObject({ unusualStatus: null, statusGroup: 'available', lastStatus: { status: 'Available' } });
  });

  it('connector update, with a free power by a user without custom-powermax, answers 403 and keeps the power', async () => {
    const pk = await stationPk(t, 'CONN-1');
    const res = await call(operator, 'PUT', `/api/chargepoints/${pk}/connector/1`, { powerMax: 21000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CUSTOM_POWER_NOT_ALLOWED');
    expect((await call(operator, 'PUT', `/api/chargepoints/${pk}/connector/1`, { powerMax: 11000 })).json().connector).toMatchObject({
      powerMax: 11000,
      powerMaxCustom: false,
    });
    expect((await call(admin, 'PUT', `/api/chargepoints/${pk}/connector/1`, { powerMax: 21000 })).json().connector).toMatchObject({
      powerMax: 21000,
      powerMaxCustom: true,
    });
  });

  it('connector update, on a single-phase station with a three-phase power, answers 400', async () => {
    const pk = await stationPk(t, 'MOVE-SP-003');
    const res = await call(operator, 'PUT', `/api/chargepoints/${pk}/connector/1`, { powerMax: 22000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.powerMax).toContain('3500, 7400');
  });

  it('connector update, with an unknown connector type, answers 400; an unknown connector 404', async () => {
    const pk = await stationPk(t, 'CONN-1');
    const bad = await call(admin, 'PUT', `/api/chargepoints/${pk}/connector/1`, { connectorTypePk: 999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ connectorTypePk: 'Unknown connector type.' });
    expect((await call(admin, 'PUT', `/api/chargepoints/${pk}/connector/9`, { unusualStatus: null })).statusCode).toBe(404);
  });

  it('connector update, of a station of another tenant, answers 404 and changes nothing', async () => {
    const pk = await stationPk(t, 'MOVE-SP-001');
    const res = await call(terpelAdmin, 'PUT', `/api/chargepoints/${pk}/connector/1`, { unusualStatus: 'UNAVAILABLE' });
    expect(res.statusCode).toBe(404);
    const c = await t.db
      .selectFrom('connectors')
      .select('unusual_status')
      .where('charge_box_pk', '=', pk)
      .where('connector_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(c.unusual_status).toBeNull();
  });

  // --- delete

  it('delete, while a recharge is open on the station, answers 409 with a clear message', async () => {
    const pk = await aStation(t, { id: 'DEL-1' });
    const tx = await aTransaction(t, { chargeBoxPk: pk, start: new Date(Date.now() - 600_000), startWh: 100 });
    const res = await call(admin, 'DELETE', `/api/chargepoints/${pk}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'OPEN_TRANSACTION',
      message: 'The station cannot be deleted while a recharge is in progress on it.',
    });
    await t.db
      .updateTable('transactions')
      .set({ stop_timestamp: new Date(), stop_value_wh: 200, energy_wh: 100 })
      .where('transaction_pk', '=', tx)
      .execute();
  });

  it('delete, when no recharge is open, hides the station everywhere and frees its ChargeBox ID', async () => {
    const pk = await stationPk(t, 'DEL-1');
    const res = await call(admin, 'DELETE', `/api/chargepoints/${pk}`);
    expect(res.statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/chargepoints/${pk}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/chargepoints?page=1&searchInput=DEL-1')).json().count).toBe(0);
    expect(
      (await call(admin, 'GET', '/api/chargepoints'))
        .json()
        .chargePointList.some((r: { chargeBoxId: string }) => r.chargeBoxId === 'DEL-1'),
    ).toBe(false);
    const row = await t.db.selectFrom('charge_boxes').select('deleted_at').where('charge_box_pk', '=', pk).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call(admin, 'DELETE', `/api/chargepoints/${pk}`)).statusCode).toBe(404);
    const again = await aStation(t, { id: 'DEL-1' });
    expect(again).not.toBe(pk);
  });

  it('delete, by a user without the delete permission, answers 403', async () => {
    expect((await call(operator, 'DELETE', `/api/chargepoints/${await stationPk(t, 'MOVE-SP-001')}`)).statusCode).toBe(403);
  });

  it('delete, of a station of another tenant, answers 404 and the station stays', async () => {
    const pk = await stationPk(t, 'MOVE-SP-001');
    expect((await call(terpelAdmin, 'DELETE', `/api/chargepoints/${pk}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/chargepoints/${pk}`)).statusCode).toBe(200);
  });

  // --- station limit counts only stations not deleted

  it('check, after deleting stations, counts only the stations not deleted', async () => {
    const sol = await tenantPk(t, 'sol');
    const a = await aStation(t, { id: 'LIM-1', tenant: 'sol' });
    await t.db.updateTable('tenants').set({ station_limit: 3 }).where('tenant_pk', '=', sol).execute();
    try {
      expect((await call(operator, 'GET', `/api/chargepoints/check?tenantPk=${sol}`)).statusCode).toBe(403);
      expect((await call(admin, 'DELETE', `/api/chargepoints/${a}`)).statusCode).toBe(200);
      expect((await call(operator, 'GET', `/api/chargepoints/check?tenantPk=${sol}`)).json()).toMatchObject({ count: 2, limit: 3 });
    } finally {
      await t.db.updateTable('tenants').set({ station_limit: null }).where('tenant_pk', '=', sol).execute();
    }
  });

  // --- QR code

  it('QR code, for a station, is a PNG encoding https://<theme>.app.recarga.dev/chargepoint/<pk padded to 6>/<uuid>', async () => {
    const pk = await stationPk(t, 'MOVE-SP-001');
    const station = await t.db.selectFrom('charge_boxes').select('uuid').where('charge_box_pk', '=', pk).executeTakeFirstOrThrow();
    const res = await call(operator, 'GET', `/api/chargepoints/${pk}/qrcode.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="MOVE-SP-001.png"');
    const url = `https://move.app.recarga.dev/chargepoint/${String(pk).padStart(6, '0')}/${station.uuid}`;
    expect(res.headers['x-qr-url']).toBe(url);
    const expected = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', width: 512, margin: 2 });
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('QR code, when the tenant host has a deep-link host, uses it', async () => {
    const move = await tenantPk(t, 'move');
    await t.db.updateTable('tenant_hosts').set({ deep_link_host: 'app.move.com.br' }).where('host', '=', 'move.localhost').execute();
    try {
      const pk = await stationPk(t, 'MOVE-SP-001');
      const res = await call(admin, 'GET', `/api/chargepoints/${pk}/qrcode.png`);
      expect(res.headers['x-qr-url']).toMatch(/^https:\/\/app\.move\.com\.br\/chargepoint\/0000\d\d\//);
      expect(move).toBeGreaterThan(0);
    } finally {
      await t.db.updateTable('tenant_hosts').set({ deep_link_host: null }).where('host', '=', 'move.localhost').execute();
    }
  });

  it('QR code, for a station of another tenant, answers 404', async () => {
    expect((await call(terpelAdmin, 'GET', `/api/chargepoints/${await stationPk(t, 'MOVE-SP-001')}/qrcode.png`)).statusCode).toBe(404);
  });

  // --- the zip-code rule of the submit button

  it('create, with a zip code but no longitude, answers 400 on locationLongitude (submit rule of §5)', async () => {
    const res = await call(admin, 'POST', '/api/chargepoints/', {
      chargeBoxId: 'ZIP-NO-LON',
      description: 'x',
      showLocation: false,
      address: { street: 'Rua A', houseNumber: '1', zipCode: '01310-100' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ locationLongitude: 'Required field' });
  });
});
