import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertListResponse, BellResponse } from '@recarga/contracts/notifications';
import { aDashboardUser } from '../../../test/helpers/dashboard-users';
import { aStation } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { insertNotifications } from './repository';

const base = Date.parse('2026-03-01T12:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000);

describe('alerts: severity, filters, order by time received, acknowledge', () => {
  let t: TestApp;
  /** Keys of the events below, by name. */
  const pk: Record<string, number> = {};
  let moveB: number;

  beforeAll(async () => {
    t = await createTestApp();
    const moveA = await aStation(t, { id: 'ALERT-A', tenant: 'move', description: 'Posto Alfa', city: 'campinas' });
    moveB = await aStation(t, { id: 'ALERT-B', tenant: 'move', description: 'Posto Beta', city: 'Santos' });
    const moveC = await aStation(t, { id: 'ALERT-C', tenant: 'move', description: 'Estação Praça', city: '' });
    const terpel = await aStation(t, { id: 'ALERT-T', tenant: 'terpel', description: 'Estación Terpel', city: 'Bogotá' });
    const events = [
      ['accent', { chargeBoxPk: moveC, type: 'Connected', timestamp: at(-1), receivedAt: at(-1) }],
      ['connected', { chargeBoxPk: moveA, type: 'Connected', timestamp: at(0), receivedAt: at(0) }],
      ['fault', { chargeBoxPk: moveA, type: 'Failure', connectorId: 1, errorCode: 'GroundFailure', timestamp: at(1), receivedAt: at(1) }],
      ['started', { chargeBoxPk: moveA, type: 'TransactionStarted', connectorId: 2, timestamp: at(2), receivedAt: at(2) }],
      ['short', { chargeBoxPk: moveA, type: 'Warning', connectorId: 2, timestamp: at(3), receivedAt: at(3) }],
      // The station's clock is nine months ahead: stamped 13/12/2026, received four minutes in.
      ['ahead', { chargeBoxPk: moveA, type: 'Disconnected', timestamp: new Date('2026-12-13T10:00:00Z'), receivedAt: at(4) }],
      ['terpel', { chargeBoxPk: terpel, type: 'Failure', connectorId: 1, errorCode: 'OverVoltage', timestamp: at(5), receivedAt: at(5) }],
      ['beta', { chargeBoxPk: moveB, type: 'Failure', connectorId: 1, errorCode: 'HighTemperature', timestamp: at(6), receivedAt: at(6) }],
    ] as const;
    const pks = await insertNotifications(
      t.db,
      events.map(([, e]) => e),
    );
    events.forEach(([name], i) => (pk[name] = pks[i]!));
  });
  afterAll(() => t.close());

  const get = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/notification/alerts/${query}`, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() as AlertListResponse & { fields?: Record<string, string> } };
  };
  const ids = (list: Alert[]) => list.map((a) => a.notificationId);
  const acknowledge = (token: string, notificationIds: number[]) =>
    t.app.inject({ method: 'POST', url: '/api/notification/acknowledge/', headers: bearer(token), payload: { notificationIds } });

  it('default order: newest received first, so a station clock ahead does not pin its event to the top', async () => {
    // Arrange
    const token = await loginAs(t.app, demo.operator);

    // Act
    const { status, body } = await get(token);

    // Assert
    expect(status).toBe(200);
    expect(ids(body.content)).toEqual([pk.beta, pk.ahead, pk.short, pk.started, pk.fault, pk.connected, pk.accent]);
    expect(body.totalElements).toBe(7);
    const ahead = body.content[1]!;
    expect(ahead.notificationTimestampDT).toBe('2026-12-13T10:00:00.000Z');
    expect(ahead.receivedAtDT).toBe('2026-03-01T12:04:00.000Z');
    expect(ahead.stationClockAhead).toBe(true);
    expect(body.content.filter((a) => a.stationClockAhead).map((a) => a.notificationId)).toEqual([pk.ahead]);
  });

  it('severity derived from the type: Failure fault, Disconnected offline, Warning short recharge, the rest info', async () => {
    const token = await loginAs(t.app, demo.operator);
    const { body } = await get(token);
    const severity = Object.fromEntries(body.content.map((a) => [a.notificationId, a.severity]));
    expect(severity).toEqual({
      [pk.beta!]: 'fault',
      [pk.ahead!]: 'offline',
      [pk.short!]: 'shortRecharge',
      [pk.started!]: 'info',
      [pk.fault!]: 'fault',
      [pk.connected!]: 'info',
      [pk.accent!]: 'info',
    });
  });

  it('filters: severity list, type, station, period of reception, search ignoring spaces and case', async () => {
    const token = await loginAs(t.app, demo.operator);
    expect(ids((await get(token, '?severity=fault')).body.content)).toEqual([pk.beta, pk.fault]);
    expect(ids((await get(token, '?severity=fault,offline')).body.content)).toEqual([pk.beta, pk.ahead, pk.fault]);
    expect(ids((await get(token, '?type=Warning')).body.content)).toEqual([pk.short]);
    expect(ids((await get(token, `?chargeBoxPk=${moveB}`)).body.content)).toEqual([pk.beta]);
    // Received from 12:02 (included) to 12:04 (excluded): the short recharge and the start.
    const period = await get(token, `?from=${at(2).toISOString()}&to=${at(4).toISOString()}`);
    expect(ids(period.body.content)).toEqual([pk.short, pk.started]);
    expect(period.body.totalElements).toBe(2);
    expect(ids((await get(token, '?search=posto%20%20BE%20ta')).body.content)).toEqual([pk.beta]);
    expect(ids((await get(token, '?search=alert-b')).body.content)).toEqual([pk.beta]);
    expect(ids((await get(token, '?search=estacao%20praca')).body.content)).toEqual([pk.accent]);
    expect(ids((await get(token, '?search=ESTA%C3%87%C3%83O')).body.content)).toEqual([pk.accent]);
  });

  it('pages in SQL: page 2 of 2 per page, with the total of the filter', async () => {
    const token = await loginAs(t.app, demo.operator);
    const { body } = await get(token, '?size=2&page=2');
    expect(ids(body.content)).toEqual([pk.short, pk.started]);
    expect(body.totalElements).toBe(7);
  });

  it('sort by city: case-insensitive, blanks last ascending and descending', async () => {
    const token = await loginAs(t.app, demo.operator);
    const asc = await get(token, '?sort=city&order=asc');
    const desc = await get(token, '?sort=city&order=desc');
    const five = ['campinas', 'campinas', 'campinas', 'campinas', 'campinas'];
    expect(asc.body.content.map((a) => a.addressCity)).toEqual([...five, 'Santos', '']);
    expect(desc.body.content.map((a) => a.addressCity)).toEqual(['Santos', ...five, '']);
  });

  it('bad filters: 400 naming the field', async () => {
    const token = await loginAs(t.app, demo.operator);
    const severity = await get(token, '?severity=urgent');
    expect(severity.status).toBe(400);
    expect(Object.keys(severity.body.fields ?? {})[0]).toMatch(/^severity/);
    const period = await get(token, `?from=${at(4).toISOString()}&to=${at(2).toISOString()}`);
    expect(period.status).toBe(400);
    expect(Object.keys(period.body.fields ?? {})).toEqual(['to']);
    expect((await get(token, '?from=2026-02-30')).status).toBe(400);
  });

  it('another tenant: only its own events', async () => {
    const token = await loginAs(t.app, demo.terpel);
    const { body } = await get(token);
    expect(ids(body.content)).toEqual([pk.terpel]);
  });

  it('acknowledge: records who and when, shows it in the list; a second acknowledgement keeps the first', async () => {
    // Arrange
    const operator = await loginAs(t.app, demo.operator);
    const admin = await loginAs(t.app, demo.admin);
    const before = Date.now();

    // Act
    const first = await acknowledge(operator, [pk.fault!]);
    const after = Date.now();
    const again = await acknowledge(admin, [pk.fault!]);

    // Assert
    expect(first.statusCode).toBe(200);
    const acked = (first.json() as { content: Alert[] }).content[0]!;
    expect(acked.acknowledgedBy).toBe('Otávio Operador');
    const when = Date.parse(acked.acknowledgedAtDT!);
    expect(when).toBeGreaterThanOrEqual(before - 1);
    expect(when).toBeLessThanOrEqual(after + 1);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { content: Alert[] }).content[0]).toMatchObject({
      acknowledgedBy: 'Otávio Operador',
      acknowledgedAtDT: acked.acknowledgedAtDT,
    });
    const listed = (await get(operator, '?severity=fault')).body.content.find((a) => a.notificationId === pk.fault)!;
    expect(listed.acknowledgedBy).toBe('Otávio Operador');
    expect(ids((await get(operator, '?acknowledged=false&severity=fault')).body.content)).toEqual([pk.beta]);
    expect(ids((await get(operator, '?acknowledged=true')).body.content)).toEqual([pk.fault]);
  });

  it('acknowledge outside the scope: 404 and nothing written, not even the alerts in scope', async () => {
    const terpel = await loginAs(t.app, demo.terpel);
    const res = await acknowledge(terpel, [pk.terpel!, pk.beta!]);
    expect(res.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('notifications')
      .select(['acknowledged_at'])
      .where('notification_pk', 'in', [pk.terpel!, pk.beta!])
      .execute();
    expect(row.map((r) => r.acknowledged_at)).toEqual([null, null]);
  });

  it('acknowledge without the /alerts permission: 403', async () => {
    const homeOnly = await aDashboardUser(t, { email: 'home-only@move.com.br', password: 'Home@2026', tenant: 'move', routes: ['/'] });
    const token = await loginAs(t.app, homeOnly);
    const res = await acknowledge(token, [pk.beta!]);
    expect(res.statusCode).toBe(403);
    expect((await get(token)).status).toBe(403);
  });

  it('acknowledge with no keys: 400 on the field', async () => {
    const operator = await loginAs(t.app, demo.operator);
    const res = await acknowledge(operator, []);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['notificationIds']);
  });
});

describe('bell: per-user read state and toast preferences', () => {
  let t: TestApp;
  const pk: Record<string, number> = {};
  let moveA: number;

  beforeAll(async () => {
    t = await createTestApp();
    moveA = await aStation(t, { id: 'BELL-A', tenant: 'move', description: 'Posto Sino' });
    const terpel = await aStation(t, { id: 'BELL-T', tenant: 'terpel' });
    const events = [
      ['fault', { chargeBoxPk: moveA, type: 'Failure', connectorId: 1, errorCode: 'GroundFailure', timestamp: at(1), receivedAt: at(1) }],
      ['started', { chargeBoxPk: moveA, type: 'TransactionStarted', connectorId: 1, timestamp: at(2), receivedAt: at(2) }],
      ['short', { chargeBoxPk: moveA, type: 'Warning', connectorId: 1, timestamp: at(3), receivedAt: at(3) }],
      ['offline', { chargeBoxPk: moveA, type: 'Disconnected', timestamp: at(4), receivedAt: at(4) }],
      ['terpel', { chargeBoxPk: terpel, type: 'Failure', connectorId: 1, timestamp: at(5), receivedAt: at(5) }],
    ] as const;
    const pks = await insertNotifications(
      t.db,
      events.map(([, e]) => e),
    );
    events.forEach(([name], i) => (pk[name] = pks[i]!));
  });
  afterAll(() => t.close());

  const bell = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notification/bell/', headers: bearer(token) });
    return res.json() as BellResponse;
  };
  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('lists only Failure, Warning and Disconnected, all unread at first', async () => {
    const token = await loginAs(t.app, demo.operator);
    const body = await bell(token);
    expect(body.notificationList.map((n) => n.notificationId)).toEqual([pk.offline, pk.short, pk.fault]);
    expect(body.notificationList.map((n) => n.read)).toEqual([false, false, false]);
    expect(body.unreadCount).toBe(3);
  });

  it('mark as read: the count drops for that user only; again is harmless', async () => {
    // Arrange
    const operator = await loginAs(t.app, demo.operator);
    const admin = await loginAs(t.app, demo.admin);
    const adminBefore = (await bell(admin)).unreadCount;

    // Act
    const first = await post(operator, '/api/notification/read/', { notificationIds: [pk.short] });
    const again = await post(operator, '/api/notification/read/', { notificationIds: [pk.short] });

    // Assert
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    const body = again.json() as BellResponse;
    expect(body.unreadCount).toBe(2);
    expect(body.notificationList.find((n) => n.notificationId === pk.short)!.read).toBe(true);
    expect((await bell(admin)).unreadCount).toBe(adminBefore);
    expect(adminBefore).toBe(4); // the administrator's scope holds Terpel's fault too
  });

  it("mark as read of another network's event: 404, nothing stored", async () => {
    const operator = await loginAs(t.app, demo.operator);
    const res = await post(operator, '/api/notification/read/', { notificationIds: [pk.terpel] });
    expect(res.statusCode).toBe(404);
    const rows = await t.db.selectFrom('notification_reads').select('notification_pk').where('notification_pk', '=', pk.terpel!).execute();
    expect(rows).toEqual([]);
  });

  it('mark all read: count 0; a later event is unread again', async () => {
    const terpel = await loginAs(t.app, demo.terpel);
    expect((await bell(terpel)).unreadCount).toBe(1);
    const all = await post(terpel, '/api/notification/read-all/');
    expect(all.statusCode).toBe(200);
    expect((all.json() as BellResponse).unreadCount).toBe(0);
    expect((all.json() as BellResponse).notificationList.every((n) => n.read)).toBe(true);

    const terpelStation = await t.db
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', '=', 'BELL-T')
      .executeTakeFirstOrThrow();
    const [later] = await insertNotifications(t.db, [
      { chargeBoxPk: terpelStation.charge_box_pk, type: 'Disconnected', timestamp: at(9), receivedAt: at(9) },
    ]);
    const after = await bell(terpel);
    expect(after.unreadCount).toBe(1);
    expect(after.notificationList[0]).toMatchObject({ notificationId: later, read: false });
  });

  it('toast preferences: faults and offline by default, stored per user, bad types refused', async () => {
    const operator = await loginAs(t.app, demo.operator);
    const admin = await loginAs(t.app, demo.admin);
    const prefs = (token: string) => t.app.inject({ method: 'GET', url: '/api/notification/preferences/', headers: bearer(token) });
    const save = (token: string, toastTypes: string[]) =>
      t.app.inject({ method: 'PUT', url: '/api/notification/preferences/', headers: bearer(token), payload: { toastTypes } });

    expect((await prefs(operator)).json()).toEqual({ toastTypes: ['Failure', 'Disconnected'] });
    expect((await save(operator, ['Warning', 'TransactionEnded'])).json()).toEqual({ toastTypes: ['Warning', 'TransactionEnded'] });
    expect((await prefs(operator)).json()).toEqual({ toastTypes: ['Warning', 'TransactionEnded'] });
    expect((await prefs(admin)).json()).toEqual({ toastTypes: ['Failure', 'Disconnected'] });
    expect((await save(operator, [])).json()).toEqual({ toastTypes: [] });

    const bad = await save(operator, ['Explosion']);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)[0]).toMatch(/^toastTypes/);
    expect((await prefs(operator)).json()).toEqual({ toastTypes: [] });
  });

  it('without a session: 401 on every bell call', async () => {
    for (const [method, url] of [
      ['GET', '/api/notification/bell/'],
      ['POST', '/api/notification/read-all/'],
      ['GET', '/api/notification/preferences/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
