// @postgres concurrency, write-pool, planner: two stations booting at once, through the batcher's pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '@recarga/contracts/live';
import WebSocket from 'ws';
import { insertNotifications } from '../notifications/repository';
import { aStation, aStationBinding, aTransaction, stationPk, userPk } from '../../../test/helpers/station-builders';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';
import { openLive } from '../../../test/helpers/live-socket';
import { bootedStation } from '../../../test/ocpp/ocpp-helpers';

/**
 * The station owner as a third subject of the isolation tests: beside the tenants' operators, an
 * owner sees and edits only the stations they own, their recharges, events, figures and live news.
 */
describe('station owner scope', () => {
  let t: TestApp;
  let owner: string;
  let operator: string;
  let own: number;
  let other: number;
  let ownTx: number;
  let otherTx: number;
  let listening: Promise<string> | undefined;
  const listen = () => (listening ??= t.listen());
  const call = (token: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    own = await aStation(t, { id: 'OWNED-01', tenant: 'move', typeOf: 'PRIVATE' });
    other = await aStation(t, { id: 'NOT-OWNED-01', tenant: 'move' });
    await aStationBinding(t, { chargeBoxPk: own, email: demo.owner.email, owner: true });
    // The owner may use the other station, but does not own it: still out of scope.
    await aStationBinding(t, { chargeBoxPk: other, email: demo.owner.email, owner: false });
    const hourAgo = new Date(Date.now() - 3_600_000);
    ownTx = await aTransaction(t, { chargeBoxPk: own, start: hourAgo, stop: new Date(hourAgo.getTime() + 600_000), stopWh: 5000 });
    otherTx = await aTransaction(t, { chargeBoxPk: other, start: hourAgo, stop: new Date(hourAgo.getTime() + 600_000), stopWh: 7000 });
    await insertNotifications(t.db, [
      { chargeBoxPk: own, type: 'Connected', timestamp: hourAgo },
      { chargeBoxPk: other, type: 'Disconnected', timestamp: hourAgo },
    ]);
    [owner, operator] = await Promise.all([loginAs(t.app, demo.owner), loginAs(t.app, demo.operator)]);
  });
  afterAll(() => t.close());

  it('stations: the list and the map show only the owned station; another station of the tenant is not found', async () => {
    const list = (await call(owner, 'GET', '/api/chargepoints/?page=1&size=100')).json();
    // OWNED-01, and the demo station the demo owner owns.
    expect(list.chargePointList.map((s: { chargeBoxId: string }) => s.chargeBoxId)).toEqual(['MOVE-SP-003', 'OWNED-01']);
    expect(list.count).toBe(2);
    expect((await call(owner, 'GET', `/api/chargepoints/${own}/`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/chargepoints/${other}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/api/chargepoints/${other}/`, { description: 'mine now' })).statusCode).toBe(404);
    // The operator of the tenant's parent still sees both.
    const all = (await call(operator, 'GET', '/api/chargepoints/?page=1&size=100&searchInput=OWNED-01')).json();
    expect(all.chargePointList.map((s: { chargeBoxId: string }) => s.chargeBoxId).sort()).toEqual(['NOT-OWNED-01', 'OWNED-01']);
  });

  it('editing the owned station: description, hours and access list yes; tenant, prices, type and connectors no', async () => {
    const driver = await userPk(t, demo.driver.email);
    const me = await userPk(t, demo.owner.email);
    const ok = await call(owner, 'PUT', `/api/chargepoints/${own}/`, {
      description: 'Garagem da Daniela',
      isOpen_24Hours: false,
      openTime: '08:00',
      closeTime: '20:00',
      bindUsers: [
        { user_pk: me, owner: true },
        { user_pk: driver, owner: false },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().chargePointDetail).toMatchObject({ description: 'Garagem da Daniela' });
    const bound = await t.db
      .selectFrom('station_user_bindings')
      .select(['user_pk', 'owner'])
      .where('charge_box_pk', '=', own)
      .orderBy('user_pk')
      .execute();
    expect(bound).toEqual(
      expect.arrayContaining([
        { user_pk: driver, owner: false },
        { user_pk: me, owner: true },
      ]),
    );

    const refused = await call(owner, 'PUT', `/api/chargepoints/${own}/`, {
      moneyPerKilowattIncome: 350,
      typeOf: 'PUBLIC',
      connectors: [{ connectorId: 1, powerMax: 7400 }],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    // Making it public would also drop the access list, the owner included.
    expect(Object.keys(refused.json().fields).sort()).toEqual(['bindUsers', 'connectors', 'moneyPerKilowattIncome', 'typeOf']);
    // A tenant outside the owner's own is not even known to them.
    const sol = await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow();
    expect((await call(owner, 'PUT', `/api/chargepoints/${own}/`, { tenantPk: sol.tenant_pk })).statusCode).toBe(400);
    const row = await t.db
      .selectFrom('charge_boxes')
      .select(['tenant_pk', 'type_of', 'description'])
      .where('charge_box_pk', '=', own)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type_of: 'PRIVATE', description: 'Garagem da Daniela' });

    const leaving = await call(owner, 'PUT', `/api/chargepoints/${own}/`, { bindUsers: [{ user_pk: driver, owner: true }] });
    expect(leaving.statusCode, leaving.body).toBe(403);
    expect(leaving.json().fields).toHaveProperty('bindUsers');
  });

  it('operator-only acts: create, delete and connector settings answer 403 to an owner', async () => {
    expect((await call(owner, 'DELETE', `/api/chargepoints/${own}/`)).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/api/chargepoints/${own}/connector/1/`, { moneyPerKilowattIncome: 9 })).statusCode).toBe(403);
    expect(await stationPk(t, 'OWNED-01')).toBe(own);
  });

  it('recharges: the list holds only the owned station recharges; another one is not found', async () => {
    const list = (await call(owner, 'GET', '/api/transaction/?timeZone=UTC')).json();
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([ownTx]);
    expect((await call(owner, 'GET', `/api/transaction/${ownTx}/`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/transaction/${otherTx}/`)).statusCode).toBe(404);
  });

  it('events and figures: only the owned station', async () => {
    const events = (await call(owner, 'GET', '/api/notification/chargeBox/')).json().notificationList;
    expect(new Set(events.map((n: { chargeBoxId: string }) => n.chargeBoxId))).not.toContain('NOT-OWNED-01');
    expect(events.map((n: { chargeBoxId: string }) => n.chargeBoxId)).toContain('OWNED-01');
    const info = (await call(owner, 'GET', '/api/stats/info/')).json();
    // OWNED-01 and MOVE-SP-003.
    expect(info.statusChargeBox.total).toBe(2);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const sums = (await call(owner, 'GET', `/api/stats/sums/?fromDate=${from}&toDate=${to}&timeZone=UTC`)).json();
    // 5 kWh at the owned station; the 7 kWh of the other station are not the owner's.
    expect(sums.energy.consumption).toBe(5);
  });

  it('live: the figures of the whole tenant and another station are refused; the owned station is allowed', async () => {
    const move = await t.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const url = await listen();
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/live?platform=DASHBOARD`);
    const answers: Record<string, unknown>[] = [];
    ws.on('message', (raw) => answers.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ action: 'authenticate', token: owner }));
    const topics = [
      liveTopics.stats(move.api_key),
      liveTopics.chargeBoxStatus(move.api_key, 'NOT-OWNED-01'),
      liveTopics.chargeBoxStatus(move.api_key, 'OWNED-01'),
    ];
    for (const topic of topics) ws.send(JSON.stringify({ action: 'subscribe', topic }));
    const deadline = Date.now() + 5000;
    while (answers.filter((a) => 'topic' in a).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const byTopic = (topic: string) => answers.find((a) => a.topic === topic);
    expect(byTopic(topics[0]!)).toMatchObject({ error: { code: 'FORBIDDEN_TOPIC' } });
    expect(byTopic(topics[1]!)).toMatchObject({ error: { code: 'FORBIDDEN_TOPIC' } });
    expect(byTopic(topics[2]!)).toMatchObject({ subscribed: true });
    ws.close();
  });

  it('live: the station status pattern reaches an owner with the owned station only', async () => {
    const move = await t.db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow();
    const url = await listen();
    const live = await openLive(url, owner);
    const pattern = liveTopics.anyChargeBoxStatus(move.api_key);
    live.send({ action: 'subscribe', topic: pattern });
    expect(await live.next((m) => m.topic === pattern)).toMatchObject({ subscribed: true });
    const stations = await Promise.all([bootedStation(url, 'NOT-OWNED-01'), bootedStation(url, 'OWNED-01')]);
    for (const station of stations) await station.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' });
    await live.next((m) => m.topic === liveTopics.chargeBoxStatus(move.api_key, 'OWNED-01') && 'data' in m);
    await new Promise((r) => setTimeout(r, 300));
    expect(live.messages.filter((m) => String(m.topic).includes('NOT-OWNED-01'))).toHaveLength(0);
    await Promise.all(stations.map((s) => s.close()));
    live.ws.close();
  });
});
