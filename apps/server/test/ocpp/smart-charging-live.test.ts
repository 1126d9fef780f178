// @postgres concurrency, write-pool: the control loop writes while the station talks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveTopics, type LiveSmartCharging } from '@recarga/contracts/live';
import { roles } from '@recarga/contracts/permissions';
import { aUserWith } from '../helpers/dashboard-users';
import { tenantPk } from '../helpers/station-builders';
import { aMeter, aSmartGroup, aThreePhaseStation } from '../helpers/smart-charging';
import { createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { bootedStation, iso, type StationClient } from './ocpp-helpers';

type Message = Record<string, unknown>;

/** Opens /live like the browser does and collects what arrives. */
async function openLive(httpUrl: string, token: string) {
  const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/live?platform=DASHBOARD`);
  const messages: Message[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Message));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ action: 'authenticate', token }));
  const next = async (match: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no live message matched within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, next, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

/**
 * The load manager's plan on the live gateway (issue 18, the Smart Charging tab without polling):
 * one OCPP 1.6 station, three-phase 380 V 22 kW (rating 22000 / (√3 × 380) = 33.4 A), a 63 A
 * breaker, a 3 A margin and a meter outside the chargers' circuit.
 */
describe('smart charging plan on /live', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let group: number;
  let meterPk: number;
  let moveKey: string;
  let station: StationClient;

  async function reading(phases: [number, number, number]) {
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('meter_measurements').where('meter_pk', '=', meterPk).execute();
      await trx
        .insertInto('meter_measurements')
        .values({ meter_pk: meterPk, measured_at: new Date(), phase_1_a: phases[0], phase_2_a: phases[1], phase_3_a: phases[2] })
        .execute();
    });
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: { SMART_CHARGING_PERIOD_MS: '150', SMART_CHARGING_MARGIN_A: '3', OCPP_COMMAND_TIMEOUT: '2', METER_ONLINE_WINDOW_SEC: '30' },
    });
    url = await t.listen();
    admin = await loginAs(t.app, demo.admin);
    const move = await tenantPk(t, 'move');
    moveKey = (await t.db.selectFrom('tenants').select('api_key').where('tenant_pk', '=', move).executeTakeFirstOrThrow()).api_key;
    const stationKey = await aThreePhaseStation(t, { id: 'SC-LIVE-1' });
    meterPk = await aMeter(t, { tenantPk: move, mac: 'AA:BB:CC:DD:EE:71', deviceRemoteId: 'live-meter' });
    await reading([30, 30, 30]);
    group = await aSmartGroup(t, admin, {
      name: 'Garagem ao vivo',
      description: 'Um carregador num disjuntor de 63 A',
      tenantPk: move,
      chargeBoxPks: [stationKey],
      breakerA: 63,
      meter: 'live-meter',
      meterInCircuit: false,
    });
    station = await bootedStation(url, 'SC-LIVE-1');
    station.handle('SetChargingProfile', async () => ({ status: 'Accepted' }));
    station.handle('ClearChargingProfile', async () => ({ status: 'Accepted' }));
  });
  afterAll(async () => {
    await station.close({ force: true });
    await t.close();
  });

  it('a session starts, then the building rises: each new plan reaches the group topic of the tenant with limits 30 A, then 20 A', async () => {
    // Arrange
    const live = await openLive(url, admin);
    const topic = liveTopics.smartCharging(moveKey, group);
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.topic === topic && m.subscribed === true);
    const planWith = (limit: number) => (m: Message) =>
      m.topic === topic &&
      'data' in m &&
      (m.data as LiveSmartCharging).plan.sessions.some((s) => s.charge_box_code === 'SC-LIVE-1' && s.limit_a === limit);

    // Act: a recharge starts; 63 − 30 − 3 = 30 A left, below the 33.4 A rating.
    await station.call('StartTransaction', { connectorId: 1, idTag: 'TAG-SC-LIVE-1', meterStart: 0, timestamp: iso() });
    const first = (await live.next(planWith(30))).data as LiveSmartCharging;

    // Assert
    expect(first).toMatchObject({
      virtual_group_id: group,
      plan: { mode: 'DYNAMIC', meter_online: true, available_a: [30, 30, 30] },
    });
    expect(first.plan.sessions).toEqual([
      { charge_box_code: 'SC-LIVE-1', connector_id: 1, transaction_id: expect.any(Number), limit_a: 30, reason: 'FAIR_SHARE' },
    ]);
    expect(first.events).toContain('PLAN_CHANGED');
    expect(Date.parse(first.plan.planned_at)).not.toBeNaN();

    // Act: the building takes 40 A a phase; 63 − 40 − 3 = 20 A.
    await reading([40, 40, 40]);
    const second = (await live.next(planWith(20))).data as LiveSmartCharging;

    // Assert
    expect(second.plan.available_a).toEqual([20, 20, 20]);
    live.ws.close();
  });

  it('a plan that does not change: not published again on every pass', async () => {
    // Arrange: the plan of the test above (20 A) stands; the loop passes every 150 ms.
    const live = await openLive(url, admin);
    const topic = liveTopics.smartCharging(moveKey, group);
    live.send({ action: 'subscribe', topic });
    await live.next((m) => m.topic === topic && m.subscribed === true);

    // Act: about ten passes.
    await new Promise((r) => setTimeout(r, 1500));

    // Assert
    expect(live.messages.filter((m) => m.topic === topic && 'data' in m)).toEqual([]);
    live.ws.close();
  });

  it('without DASH_SMART_CHARGING_CREATE, or with the api key of a tenant outside the scope: the topic is refused', async () => {
    // Arrange
    const noSmart = (await aUserWith(t, { tenant: 'move', routes: ['/virtual-groups'], roles: [roles.monetization] })).token;
    const terpelSmart = (
      await aUserWith(t, { tenant: 'terpel', routes: ['/virtual-groups'], roles: [roles.monetization, roles.smartChargingCreate] })
    ).token;
    const topic = liveTopics.smartCharging(moveKey, group);

    // Act
    const plain = await openLive(url, noSmart);
    plain.send({ action: 'subscribe', topic });
    const other = await openLive(url, terpelSmart);
    other.send({ action: 'subscribe', topic });

    // Assert
    expect(await plain.next((m) => m.topic === topic)).toMatchObject({ error: { code: 'FORBIDDEN_TOPIC' } });
    expect(await other.next((m) => m.topic === topic)).toMatchObject({ error: { code: 'FORBIDDEN_TOPIC' } });
    plain.ws.close();
    other.ws.close();
  });
});
