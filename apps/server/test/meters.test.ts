import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maxPhaseOf, meterMessages as msg } from '@recarga/contracts/meters';
import { roles } from '@recarga/contracts/permissions';
import { latestMeasurement, isOnline } from '../src/modules/meters/readings';
import { meterRetentionJob } from '../src/modules/meters/retention-job';
import { restoreClock, setClock } from './helpers/clock';
import { aUserWith } from './helpers/dashboard-users';
import { tenantPk } from './helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';

describe('meters (smart charging service)', () => {
  let t: TestApp;
  let admin: string;
  let move: number;
  let terpel: number;
  /** A Terpel operator with smart charging. */
  let terpelSmart: string;
  /** A Move operator with the advanced settings but without DASH_SMART_CHARGING_CREATE. */
  let moveNoSmart: string;
  let seq = 0;

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const push = (device: string, token: string | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/smart/meters/${device}/measurements`,
      headers: token === null ? {} : { 'x-meter-token': token },
      payload: body as object,
    });
  const reading = (mac: string, timestamp: string, p1: number, p2: number, p3: number) => ({
    mac_address: mac,
    timestamp,
    phases: { '01': p1, '02': p2, '03': p3 },
  });

  /** Registers a meter of a tenant (as the administrator); returns its ids and token. */
  async function aMeter(tenant: number, token = admin) {
    const n = ++seq;
    const mac = `AA:BB:CC:00:00:${n.toString(16).padStart(2, '0').toUpperCase()}`;
    const res = await call('POST', '/smart/meters', token, { mac_address: mac, device_remote_id: `MTR-${n}`, tenant_id: tenant });
    expect(res.statusCode, res.body).toBe(201);
    return { mac, device: `MTR-${n}`, token: res.json().token as string, id: res.json().meter_id as number };
  }
  const rows = (meterPk: number) =>
    t.db.selectFrom('meter_measurements').selectAll().where('meter_pk', '=', meterPk).orderBy('measured_at').execute();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
    move = await tenantPk(t, 'move');
    terpel = await tenantPk(t, 'terpel');
    terpelSmart = (
      await aUserWith(t, { tenant: 'terpel', routes: ['/virtual-groups'], roles: [roles.monetization, roles.smartChargingCreate] })
    ).token;
    moveNoSmart = (await aUserWith(t, { tenant: 'move', routes: ['/virtual-groups'], roles: [roles.monetization] })).token;
  });
  afterAll(() => t.close());
  afterEach(() => restoreClock());

  describe('registration', () => {
    it('a new meter, when registered, answers its token once and keeps only the token’s hash', async () => {
      const res = await call('POST', '/smart/meters', admin, {
        mac_address: 'de-ad-be-ef-00-01',
        device_remote_id: 'REG-1',
        tenant_id: move,
      });

      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        mac_address: 'DE:AD:BE:EF:00:01',
        device_remote_id: 'REG-1',
        tenant_id: move,
        status: 0,
        timestamp: null,
      });
      expect(body.token).toMatch(/^mtr_[A-Za-z0-9_-]{43}$/);
      const stored = await t.db.selectFrom('meters').selectAll().where('device_remote_id', '=', 'REG-1').executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(createHash('sha256').update(body.token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(body.token);
    });

    it('a MAC address or device id already registered, when registered again, is refused naming the field', async () => {
      const m = await aMeter(move);

      const sameMac = await call('POST', '/smart/meters', admin, { mac_address: m.mac.toLowerCase(), device_remote_id: 'OTHER-1' });
      const sameDevice = await call('POST', '/smart/meters', admin, { mac_address: 'AA:AA:AA:AA:AA:AA', device_remote_id: m.device });

      expect(sameMac.statusCode).toBe(409);
      expect(sameMac.json().fields).toEqual({ mac_address: msg.macTaken });
      expect(sameDevice.statusCode).toBe(409);
      expect(sameDevice.json().fields).toEqual({ device_remote_id: msg.deviceIdTaken });
    });

    it('bad input, when registering, gets field errors and never a server error', async () => {
      const cases: [unknown, string][] = [
        [{ mac_address: 'AA:BB:CC', device_remote_id: 'X-1' }, 'mac_address'],
        [{ mac_address: 'AA:BB:CC:DD:EE:FF', device_remote_id: 'a/b' }, 'device_remote_id'],
        [{ mac_address: 'AA:BB:CC:DD:EE:FF', device_remote_id: 'a+' }, 'device_remote_id'],
        [{ mac_address: 'AA:BB:CC:DD:EE:FF', device_remote_id: 'x'.repeat(65) }, 'device_remote_id'],
        [{ mac_address: 'AA:BB:CC:DD:EE:FF', device_remote_id: 'X\u0000' }, 'device_remote_id'],
        [{ mac_address: 'AA:BB:CC:DD:EE:FF', device_remote_id: 'X-2', tenant_id: 2_147_483_648 }, 'tenant_id'],
      ];
      for (const [body, field] of cases) {
        const res = await call('POST', '/smart/meters', admin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      }
    });

    it('a tenant outside the caller’s networks, when registering, is not found and nothing is stored', async () => {
      const res = await call('POST', '/smart/meters', terpelSmart, {
        mac_address: 'AA:BB:CC:DD:EE:FE',
        device_remote_id: 'STRAY',
        tenant_id: move,
      });

      expect(res.statusCode).toBe(404);
      expect(await t.db.selectFrom('meters').select('meter_pk').where('device_remote_id', '=', 'STRAY').execute()).toEqual([]);
    });

    it('a new token, when issued, replaces the old one for the HTTP push', async () => {
      const m = await aMeter(move);
      const renewed = await call('POST', `/smart/meters/${m.device}/token`, admin);
      const now = new Date().toISOString();

      const withOld = await push(m.device, m.token, reading(m.mac, now, 1, 1, 1));
      const withNew = await push(m.device, renewed.json().token, reading(m.mac, now, 1, 1, 1));

      expect(renewed.statusCode).toBe(200);
      expect(withOld.statusCode).toBe(401);
      expect(withNew.statusCode).toBe(202);
    });
  });

  describe('HTTP push', () => {
    it('a reading with the device’s token is stored (two decimals kept) and answered 202; the same timestamp again is kept once', async () => {
      const m = await aMeter(move);
      const at = '2026-11-25T13:59:00.000Z';
      setClock('2026-11-25T14:00:00Z');

      const first = await push(m.device, m.token, reading(m.mac, at, 41.216, 38.9, 40));
      const again = await push(m.device, m.token, reading(m.mac, at, 99, 99, 99));

      expect(first.statusCode, first.body).toBe(202);
      expect(first.json()).toEqual({ accepted: true, duplicate: false });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ accepted: true, duplicate: true });
      const stored = await rows(m.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ phase_1_a: 41.22, phase_2_a: 38.9, phase_3_a: 40 });
      expect(new Date(stored[0]!.measured_at).toISOString()).toBe(at);
    });

    it('a wrong, missing or other device’s token, or an unknown device, is refused 401 and nothing is stored', async () => {
      const m = await aMeter(move);
      const other = await aMeter(move);
      const body = reading(m.mac, new Date().toISOString(), 1, 2, 3);

      const answers = [
        await push(m.device, 'mtr_wrong', body),
        await push(m.device, null, body),
        await push(m.device, other.token, body),
        await push('NO-SUCH-METER', m.token, body),
        // Even a bad body: the token is checked first.
        await push(m.device, 'mtr_wrong', { nonsense: true }),
      ];

      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
      expect(answers[0]!.json().code).toBe('METER_TOKEN_INVALID');
      expect(await rows(m.id)).toEqual([]);
    });

    it('an invalid reading, with a good token, gets field errors in the project’s shape', async () => {
      const m = await aMeter(move);
      const now = new Date().toISOString();
      const cases: [unknown, string][] = [
        [reading(m.mac, now, -1, 0, 0), 'phases.01'],
        [{ ...reading(m.mac, now, 0, 0, 0), phases: { '01': 1, '02': '2', '03': 3 } }, 'phases.02'],
        [{ ...reading(m.mac, now, 0, 0, 0), phases: { '01': 1, '02': 2 } }, 'phases.03'],
        [reading(m.mac, now, 0, 0, 10_001), 'phases.03'],
        [reading(m.mac, 'yesterday', 0, 0, 0), 'timestamp'],
        [reading('AA:BB', now, 0, 0, 0), 'mac_address'],
        [reading(m.mac, now + '\u0000', 0, 0, 0), 'timestamp'],
      ];
      for (const [body, field] of cases) {
        const res = await push(m.device, m.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(Object.keys(res.json().fields), JSON.stringify(body)).toContain(field);
      }
      expect(await rows(m.id)).toEqual([]);
    });

    it('another device’s MAC address, a timestamp over 5 minutes ahead or past retention, is refused; 4 minutes ahead is accepted', async () => {
      const m = await aMeter(move);
      setClock('2026-11-25T14:00:00Z');

      const wrongMac = await push(m.device, m.token, reading('AA:AA:AA:AA:AA:AA', '2026-11-25T14:00:00Z', 1, 1, 1));
      const tooFar = await push(m.device, m.token, reading(m.mac, '2026-11-25T14:05:30Z', 1, 1, 1));
      const tooOld = await push(m.device, m.token, reading(m.mac, '2026-10-25T13:00:00Z', 1, 1, 1));
      const skewed = await push(m.device, m.token, reading(m.mac, '2026-11-25T14:04:00Z', 1, 1, 1));

      expect(wrongMac.statusCode).toBe(400);
      expect(wrongMac.json().fields).toEqual({ mac_address: msg.macMismatch });
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().fields).toEqual({ timestamp: msg.timestampInFuture });
      expect(tooOld.statusCode).toBe(400);
      expect(tooOld.json().fields).toEqual({ timestamp: msg.timestampTooOld });
      expect(skewed.statusCode).toBe(202);
      expect(await rows(m.id)).toHaveLength(1);
    });
  });

  describe('latest reading', () => {
    it('status, when the clock moves past the 120 s window, goes from online to offline', async () => {
      const m = await aMeter(move);
      setClock('2026-11-25T14:00:00Z');
      await push(m.device, m.token, reading(m.mac, '2026-11-25T13:59:00.000Z', 41.21, 38.9, 40));

      setClock('2026-11-25T14:00:58Z');
      const online = await call('GET', `/smart/meters/measurements?device_remote_id=${m.device}`, admin);
      setClock('2026-11-25T14:01:05Z');
      const offline = await call('GET', `/smart/meters/measurements?mac_address=${m.mac.toLowerCase()}`, admin);

      expect(online.statusCode, online.body).toBe(200);
      expect(online.json()).toEqual({
        meter_id: m.id,
        tenant_id: move,
        mac_address: m.mac,
        device_remote_id: m.device,
        status: 1,
        communication_status: 'ONLINE',
        timestamp: '2026-11-25T13:59:00.000Z',
        current: { '01': 41.21, '02': 38.9, '03': 40 },
        // 41.21 rounded up to one decimal.
        max_phase: 41.3,
      });
      expect(offline.json()).toMatchObject({ status: 0, communication_status: 'OFFLINE', max_phase: 41.3 });
    });

    it('the newest reading, when older ones arrive later, is still the one answered', async () => {
      const m = await aMeter(move);
      setClock('2026-11-25T14:00:00Z');
      await push(m.device, m.token, reading(m.mac, '2026-11-25T13:59:50Z', 12.01, 3, 4));
      await push(m.device, m.token, reading(m.mac, '2026-11-25T13:59:10Z', 50, 50, 50));

      const res = await call('GET', `/smart/meters/measurements?device_remote_id=${m.device}`, admin);
      const latest = await latestMeasurement(t.db, m.id);

      // 12.01 rounded up to one decimal is 12.1.
      expect(res.json()).toMatchObject({ current: { '01': 12.01, '02': 3, '03': 4 }, max_phase: 12.1, status: 1 });
      expect(latest).toEqual({ measuredAt: new Date('2026-11-25T13:59:50Z'), phases: [12.01, 3, 4] });
    });

    it('a meter with no reading yet answers status 0, NO_DATA and null figures', async () => {
      const m = await aMeter(move);

      const res = await call('GET', `/smart/meters/measurements?device_remote_id=${m.device}`, admin);

      expect(res.json()).toMatchObject({ status: 0, communication_status: 'NO_DATA', timestamp: null, current: null, max_phase: null });
      expect(await latestMeasurement(t.db, m.id)).toBeNull();
    });

    it('an unknown meter is 404 with the spec’s message; no key is 400; a MAC of another device is 404', async () => {
      const m = await aMeter(move);
      const other = await aMeter(move);

      const unknown = await call('GET', '/smart/meters/measurements?device_remote_id=NOPE', admin);
      const none = await call('GET', '/smart/meters/measurements', admin);
      const mixed = await call('GET', `/smart/meters/measurements?device_remote_id=${m.device}&mac_address=${other.mac}`, admin);
      const badMac = await call('GET', '/smart/meters/measurements?mac_address=zz', admin);

      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'METER_NOT_FOUND', message: 'Não foi possível encontrar o medidor' });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toEqual({ mac_address: msg.macOrDeviceRequired });
      expect(mixed.statusCode).toBe(404);
      expect(badMac.statusCode).toBe(400);
      expect(Object.keys(badMac.json().fields)).toEqual(['mac_address']);
    });

    it('several meters, when listed by comma-joined device ids, answer in device order with unknown ones left out', async () => {
      const a = await aMeter(move);
      const b = await aMeter(move);
      setClock('2026-11-25T14:00:00Z');
      await push(b.device, b.token, reading(b.mac, '2026-11-25T13:59:30Z', 7.1, 7.05, 0));

      const res = await call('GET', `/smart/meters/measurements/list?device_remote_ids=${b.device},NOPE,${a.device}`, admin);
      const tooMany = await call(
        'GET',
        `/smart/meters/measurements/list?device_remote_ids=${Array.from({ length: 101 }, (_, i) => `D${i}`).join(',')}`,
        admin,
      );
      const bad = await call('GET', '/smart/meters/measurements/list?device_remote_ids=a%23b', admin);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((r: { device_remote_id: string }) => r.device_remote_id)).toEqual([a.device, b.device].sort());
      const bRow = res.json().find((r: { device_remote_id: string }) => r.device_remote_id === b.device);
      expect(bRow).toMatchObject({ status: 1, current: { '01': 7.1, '02': 7.05, '03': 0 }, max_phase: 7.1 });
      expect(tooMany.statusCode).toBe(400);
      expect(bad.statusCode).toBe(400);
    });

    it('max phase: the highest phase rounded up to one decimal (figures worked out by hand)', () => {
      expect(maxPhaseOf([41.21, 38.9, 40])).toBe(41.3);
      expect(maxPhaseOf([41.2, 0, 0])).toBe(41.2);
      expect(maxPhaseOf([12.01, 12, 12])).toBe(12.1);
      expect(maxPhaseOf([39.99, 39.95, 1])).toBe(40);
      expect(maxPhaseOf([7.1, 7.1, 7.1])).toBe(7.1);
      expect(maxPhaseOf([0.01, 0, 0])).toBe(0.1);
      expect(maxPhaseOf([0, 0, 0])).toBe(0);
    });

    it('isOnline: at most the window old is online, a second more is not, nothing is not', () => {
      const cfg = { meters: { onlineWindowSec: 120 } };
      const now = new Date('2026-11-25T14:00:00Z');
      expect(isOnline(new Date('2026-11-25T13:58:00Z'), now, cfg)).toBe(true);
      expect(isOnline(new Date('2026-11-25T13:57:59Z'), now, cfg)).toBe(false);
      expect(isOnline(new Date('2026-11-25T14:03:00Z'), now, cfg)).toBe(true);
      expect(isOnline(null, now, cfg)).toBe(false);
    });
  });

  describe('series', () => {
    it('readings, when drawn over five minutes, are the highest of each phase per minute, oldest first', async () => {
      const m = await aMeter(move);
      setClock('2026-11-25T14:10:00Z');
      await push(m.device, m.token, reading(m.mac, '2026-11-25T14:00:10Z', 10, 1, 1));
      await push(m.device, m.token, reading(m.mac, '2026-11-25T14:00:40Z', 12, 2, 0.5));
      await push(m.device, m.token, reading(m.mac, '2026-11-25T14:01:20Z', 8, 3, 3.01));
      await push(m.device, m.token, reading(m.mac, '2026-11-25T14:06:00Z', 99, 99, 99));

      const res = await call('GET', `/smart/meters/${m.device}/series?from=2026-11-25T14:00:00Z&to=2026-11-25T14:05:00Z`, admin);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        device_remote_id: m.device,
        from: '2026-11-25T14:00:00.000Z',
        to: '2026-11-25T14:05:00.000Z',
        bucket_seconds: 60,
        points: [
          { timestamp: '2026-11-25T14:00:00.000Z', current: { '01': 12, '02': 2, '03': 1 }, max_phase: 12 },
          { timestamp: '2026-11-25T14:01:00.000Z', current: { '01': 8, '02': 3, '03': 3.01 }, max_phase: 8 },
        ],
      });
    });

    it('a 30-day range uses 29-minute buckets (2 592 000 s / 1499 = 1729.2 s, rounded up to whole minutes); bad ranges are 400', async () => {
      const m = await aMeter(move);

      const month = await call('GET', `/smart/meters/${m.device}/series?from=2026-10-26T00:00:00Z&to=2026-11-25T00:00:00Z`, admin);
      const backwards = await call('GET', `/smart/meters/${m.device}/series?from=2026-11-25T00:00:00Z&to=2026-11-24T00:00:00Z`, admin);
      const tooLong = await call('GET', `/smart/meters/${m.device}/series?from=2024-01-01T00:00:00Z&to=2026-11-24T00:00:00Z`, admin);
      const badDate = await call('GET', `/smart/meters/${m.device}/series?from=yesterday`, admin);
      const unknown = await call('GET', '/smart/meters/NOPE/series', admin);

      expect(month.json()).toMatchObject({ bucket_seconds: 1740, points: [] });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().fields).toEqual({ from: msg.rangeInvalid });
      expect(tooLong.statusCode).toBe(400);
      expect(badDate.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('tenant scope and permission', () => {
    it('a meter of another network is invisible: not found, not listed, left out of lists', async () => {
      const moveMeter = await aMeter(move);
      const terpelMeter = await aMeter(terpel);

      const byId = await call('GET', `/smart/meters/measurements?device_remote_id=${moveMeter.device}`, terpelSmart);
      const byMac = await call('GET', `/smart/meters/measurements?mac_address=${moveMeter.mac}`, terpelSmart);
      const list = await call(
        'GET',
        `/smart/meters/measurements/list?device_remote_ids=${moveMeter.device},${terpelMeter.device}`,
        terpelSmart,
      );
      const series = await call('GET', `/smart/meters/${moveMeter.device}/series`, terpelSmart);
      const token = await call('POST', `/smart/meters/${moveMeter.device}/token`, terpelSmart);
      const meters = await call('GET', '/smart/meters?size=100', terpelSmart);
      const moveOnly = await call('GET', `/smart/meters?size=100&tenant_id=${move}`, terpelSmart);
      const adminAll = await call('GET', `/smart/meters?size=100&search=${moveMeter.device.toLowerCase()}`, admin);

      expect(byId.statusCode).toBe(404);
      expect(byMac.statusCode).toBe(404);
      expect(list.json().map((r: { device_remote_id: string }) => r.device_remote_id)).toEqual([terpelMeter.device]);
      expect(series.statusCode).toBe(404);
      expect(token.statusCode).toBe(404);
      expect(meters.json().content.map((r: { tenant_id: number }) => r.tenant_id)).toEqual(meters.json().content.map(() => terpel));
      expect(meters.json().content.map((r: { device_remote_id: string }) => r.device_remote_id)).toContain(terpelMeter.device);
      expect(moveOnly.json()).toEqual({ content: [], totalElements: 0 });
      expect(adminAll.json().content.map((r: { device_remote_id: string }) => r.device_remote_id)).toEqual([moveMeter.device]);
    });

    it('without DASH_SMART_CHARGING_CREATE every meter call is 403; without a session 401', async () => {
      const m = await aMeter(move);
      const calls: ['GET' | 'POST', string, unknown?][] = [
        ['GET', '/smart/meters'],
        ['POST', '/smart/meters', { mac_address: 'AA:BB:CC:DD:EE:99', device_remote_id: 'DENIED' }],
        ['GET', `/smart/meters/measurements?device_remote_id=${m.device}`],
        ['GET', `/smart/meters/measurements/list?device_remote_ids=${m.device}`],
        ['GET', `/smart/meters/${m.device}/series`],
        ['POST', `/smart/meters/${m.device}/token`],
      ];
      for (const [method, url, body] of calls) {
        expect((await call(method, url, moveNoSmart, body)).statusCode, url).toBe(403);
        expect((await call(method, url, null, body)).statusCode, url).toBe(401);
      }
      expect(await t.db.selectFrom('meters').select('meter_pk').where('device_remote_id', '=', 'DENIED').execute()).toEqual([]);
    });

    it('hostile values (NUL, over int4, over-long, huge numbers) get 4xx answers, never a server error', async () => {
      const m = await aMeter(move);
      const now = new Date().toISOString();
      const answers = [
        await call('GET', '/smart/meters/measurements?device_remote_id=%00', admin),
        await call('GET', '/smart/meters/measurements?mac_address=AA%00', admin),
        await call('GET', '/smart/meters/measurements/list?device_remote_ids=a,%00', admin),
        await call('GET', `/smart/meters/measurements/list?device_remote_ids=${'x'.repeat(5000)}`, admin),
        await call('GET', '/smart/meters/%00/series', admin),
        await call('GET', `/smart/meters/${m.device}/series?from=%00`, admin),
        await call('GET', '/smart/meters?search=%00', admin),
        await call('GET', '/smart/meters?size=1000000', admin),
        await call('POST', '/smart/meters', admin, { mac_address: ['AA:BB:CC:DD:EE:FF'], device_remote_id: { a: 1 } }),
        await push('%00', m.token, reading(m.mac, now, 1, 1, 1)),
        await push('x'.repeat(5000), m.token, reading(m.mac, now, 1, 1, 1)),
        await push(m.device, m.token, reading(m.mac, now, 1e308, 1, 1)),
        await push(m.device, m.token, reading(m.mac, '0000-01-01T00:00:00Z', 1, 1, 1)),
        await push(m.device, m.token, [1, 2, 3]),
      ];

      expect(answers.map((a) => a.statusCode).filter((s) => s < 400 || s >= 500)).toEqual([]);
    });

    it('bad list parameters get field errors', async () => {
      const huge = await call('GET', '/smart/meters?tenant_id=2147483648', admin);
      const page = await call('GET', '/smart/meters?page=-1', admin);

      expect(huge.statusCode).toBe(400);
      expect(Object.keys(huge.json().fields)).toEqual(['tenant_id']);
      expect(page.statusCode).toBe(400);
    });
  });

  describe('retention', () => {
    it('the retention job deletes readings older than 30 days and keeps the rest', async () => {
      const m = await aMeter(move);
      setClock('2026-11-25T14:00:00Z');
      await t.db
        .insertInto('meter_measurements')
        .values([
          { meter_pk: m.id, measured_at: '2026-10-26T13:59:00Z', phase_1_a: 1, phase_2_a: 1, phase_3_a: 1 },
          { meter_pk: m.id, measured_at: '2026-10-26T14:01:00Z', phase_1_a: 2, phase_2_a: 2, phase_3_a: 2 },
          { meter_pk: m.id, measured_at: '2026-11-25T13:00:00Z', phase_1_a: 3, phase_2_a: 3, phase_3_a: 3 },
        ])
        .execute();

      const ran = await t.platform.jobs.tick(meterRetentionJob(t.app.services.get('meters')));

      expect(ran).toBe(true);
      expect((await rows(m.id)).map((r) => r.phase_1_a)).toEqual([2, 3]);
    });
  });
});
