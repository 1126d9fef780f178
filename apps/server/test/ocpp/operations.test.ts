// @postgres concurrency, write-pool: one command to 100 stations fanned out at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import { SimulatedStation } from '@recarga/simulator/station';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { OperationService } from '../../src/modules/operations/service';
import { bootedStation, eventually, iso, ocppUrl } from './ocpp-helpers';

interface TaskRow {
  taskId: number;
  endTimestamp: string | null;
  interrupted: boolean;
  origin: string;
  issuer: string;
  taskDetail: {
    operationName: string;
    ocppVersion: string;
    resultMap: Record<string, { status: string; response: string | null; errorMessage: string | null; hasDetail: boolean }>;
  };
}

describe('remote operations: commands as tasks, over real websockets', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let operator: string;
  const sims: SimulatedStation[] = [];

  const post = (token: string, path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/operations/${path}/`, headers: bearer(token), payload: payload as object });
  const get = (token: string, path: string) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(token) });

  /** The task once every station has its result. */
  async function finished(token: string, taskId: number): Promise<TaskRow> {
    return eventually(async () => {
      const res = await get(token, 'operations/tasks/?size=100');
      const task = (res.json().tasks as TaskRow[]).find((x) => x.taskId === taskId);
      return task?.endTimestamp ? task : undefined;
    }, 20_000);
  }

  async function simulator(id: string, protocol: 'ocpp1.6' | 'ocpp1.5' = 'ocpp1.6', tenant = 'move') {
    await aStation(t, { id, tenant, connectors: 2 });
    const sim = new SimulatedStation({
      url: ocppUrl(url),
      chargeBoxId: id,
      protocol,
      connectors: 2,
      idTags: ['OPS-TAG'],
      meterIntervalSec: 1,
    });
    await sim.start();
    sims.push(sim);
    await eventually(
      () =>
        t.db
          .selectFrom('station_connections as sc')
          .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'sc.charge_box_pk')
          .select('cb.charge_box_id')
          .where('cb.charge_box_id', '=', id)
          .executeTakeFirst(),
      15_000,
    );
    return sim;
  }

  let moveTenant: number;
  let terpelTenant: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_COMMAND_TIMEOUT: '2' } });
    url = await t.listen();
    [admin, operator] = await Promise.all([loginAs(t.app, demo.admin), loginAs(t.app, demo.operator)]);
    moveTenant = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow()).tenant_pk;
    terpelTenant = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'terpel').executeTakeFirstOrThrow()).tenant_pk;
    await t.db.insertInto('ocpp_tags').values({ tenant_pk: moveTenant, id_tag: 'OPS-TAG', type: 'CARD' }).execute();
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t.close();
  });

  it('get_configuration to a 1.6 simulator: task recorded with the keys, detail shows them', async () => {
    await simulator('OPS-16-A');

    const res = await post(admin, 'v1.6/get_configuration', {
      chargePointSelectList: ['OPS-16-A'],
      confKeyList: ['HeartbeatInterval'],
      setConfKeyList: ['NoSuchKey'],
    });

    expect(res.statusCode).toBe(200);
    const { taskId, message } = res.json();
    expect(message).toBe('Comando enviado.');
    const task = await finished(admin, taskId);
    expect(task.origin).toBe('DASHBOARD');
    expect(task.issuer).toBe('admin@recarga.app');
    expect(task.taskDetail).toMatchObject({ operationName: 'get_configuration', ocppVersion: '1.6' });
    expect(task.taskDetail.resultMap['OPS-16-A']).toEqual({
      status: 'answered',
      response: 'Accepted',
      errorCode: null,
      errorMessage: null,
      hasDetail: true,
    });
    const detail = await get(admin, `operations/tasks/${taskId}/details/OPS-16-A/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().configurationKeys).toEqual([expect.objectContaining({ key: 'HeartbeatInterval' })]);
    expect(detail.json().unknownKeys).toEqual(['NoSuchKey']);
  });

  it('get_configuration with no key: the station is asked for all its keys (no key list), and the detail shows every one', async () => {
    const sim = await simulator('OPS-16-ALL');
    const res = await post(admin, 'v1.6/get_configuration', { chargePointSelectList: ['OPS-16-ALL'], confKeyList: [], setConfKeyList: [] });
    expect(res.statusCode, res.body).toBe(200);
    const task = await finished(admin, res.json().taskId);
    expect(task.taskDetail.resultMap['OPS-16-ALL']).toMatchObject({ status: 'answered', response: 'Accepted' });
    const detail = (await get(admin, `operations/tasks/${res.json().taskId}/details/OPS-16-ALL/`)).json();
    const keys = (detail.configurationKeys as { key: string }[]).map((k) => k.key);
    expect(keys.length).toBeGreaterThan(1);
    expect(keys).toContain('HeartbeatInterval');
    expect(keys.length).toBe(sim.configuration.list().configurationKey.length);
    expect(detail.unknownKeys).toEqual([]);
  });

  it('remote start to a connector that is charging: refused before anything is sent (CONNECTOR_BUSY); the other connector is started', async () => {
    await simulator('OPS-16-BUSY');
    const first = await post(admin, 'v1.6/remote_start_transaction', {
      chargePointSelectList: ['OPS-16-BUSY'],
      connectorId: 1,
      idTag: 'ops-tag',
    });
    expect((await finished(admin, first.json().taskId)).taskDetail.resultMap['OPS-16-BUSY']!.response).toBe('Accepted');
    const running = () =>
      t.db
        .selectFrom('transactions as x')
        .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
        .select('x.transaction_pk')
        .where('cb.charge_box_id', '=', 'OPS-16-BUSY')
        .where('x.stop_timestamp', 'is', null)
        .execute();
    const [tx] = await eventually(async () => ((await running()).length === 1 ? running() : undefined), 15_000);

    const again = await post(admin, 'v1.6/remote_start_transaction', {
      chargePointSelectList: ['OPS-16-BUSY'],
      connectorId: 1,
      idTag: 'ops-tag',
    });
    expect(again.statusCode).toBe(200);
    expect((await finished(admin, again.json().taskId)).taskDetail.resultMap['OPS-16-BUSY']).toMatchObject({
      status: 'error',
      errorCode: 'CONNECTOR_BUSY',
      response: null,
    });
    // The running transaction is untouched and still the only one.
    expect(await running()).toEqual([tx]);
    // Stopped again: the tag is free for the next tests.
    const stop = await post(admin, 'v1.6/remote_stop_transaction', {
      chargePointSelectList: ['OPS-16-BUSY'],
      transactionId: tx!.transaction_pk,
    });
    expect((await finished(admin, stop.json().taskId)).taskDetail.resultMap['OPS-16-BUSY']!.response).toBe('Accepted');
    await eventually(async () => ((await running()).length === 0 ? true : undefined), 15_000);
  });

  it('remote start by tag on a simulator: accepted and a transaction appears; remote stop ends it', async () => {
    await simulator('OPS-16-B');

    const start = await post(admin, 'v1.6/remote_start_transaction', {
      chargePointSelectList: ['OPS-16-B'],
      connectorId: 1,
      idTag: 'ops-tag',
    });

    expect(start.statusCode).toBe(200);
    const task = await finished(admin, start.json().taskId);
    expect(task.taskDetail.resultMap['OPS-16-B']!.response).toBe('Accepted');
    const tx = await eventually(
      () =>
        t.db
          .selectFrom('transactions as x')
          .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
          .select(['x.transaction_pk', 'x.id_tag'])
          .where('cb.charge_box_id', '=', 'OPS-16-B')
          .where('x.stop_timestamp', 'is', null)
          .executeTakeFirst(),
      15_000,
    );
    expect(tx.id_tag).toBe('OPS-TAG');
    const options = await get(admin, 'operations/v1.6/remote_stop_transaction/');
    expect(options.json().transactionIds['OPS-16-B']).toEqual([tx.transaction_pk]);

    const stop = await post(admin, 'v1.6/remote_stop_transaction', {
      chargePointSelectList: ['OPS-16-B'],
      transactionId: tx.transaction_pk,
    });

    expect((await finished(admin, stop.json().taskId)).taskDetail.resultMap['OPS-16-B']!.response).toBe('Accepted');
    await eventually(
      () =>
        t.db
          .selectFrom('transactions')
          .select('stop_timestamp')
          .where('transaction_pk', '=', tx.transaction_pk)
          .where('stop_timestamp', 'is not', null)
          .executeTakeFirst(),
      15_000,
    );
  });

  it('one command to an online, an offline, a silent and a CALLERROR station: each result recorded separately', async () => {
    await simulator('OPS-MIX-OK');
    await aStation(t, { id: 'OPS-MIX-OFF' });
    await aStation(t, { id: 'OPS-MIX-SILENT' });
    await aStation(t, { id: 'OPS-MIX-ERR' });
    const silent = await bootedStation(url, 'OPS-MIX-SILENT');
    silent.handle('ClearCache', () => new Promise(() => undefined));
    const failing = await bootedStation(url, 'OPS-MIX-ERR');
    failing.handle('ClearCache', async () => {
      throw createRPCError('InternalError', 'cache on fire');
    });

    const res = await post(admin, 'v1.6/clear_cache', {
      chargePointSelectList: ['OPS-MIX-OK', 'OPS-MIX-OFF', 'OPS-MIX-SILENT', 'OPS-MIX-ERR'],
    });

    const task = await finished(admin, res.json().taskId);
    const r = task.taskDetail.resultMap;
    expect(r['OPS-MIX-OK']).toMatchObject({ status: 'answered', response: 'Accepted' });
    expect(r['OPS-MIX-OFF']).toMatchObject({ status: 'error', errorCode: 'OFFLINE' });
    expect(r['OPS-MIX-SILENT']).toMatchObject({ status: 'error', errorCode: 'TIMEOUT' });
    expect(r['OPS-MIX-ERR']).toMatchObject({ status: 'error', errorCode: 'CALL_ERROR', errorMessage: 'InternalError: cache on fire' });
    await silent.close({ force: true });
    await failing.close();
  });

  it('a 1.5 simulator: reset goes in 1.5 shape; 1.6-only commands are refused (422); a 1.5 station is not in the 1.6 list', async () => {
    await simulator('OPS-15-A', 'ocpp1.5');

    // The lists first: the reset makes the station reboot, and it is offline for a moment.
    const list16 = await get(admin, 'operations/v1.6/reset/');
    const list15 = await get(admin, 'operations/v1.5/reset/');
    const trigger = await post(admin, 'v1.5/trigger_message', { chargePointSelectList: ['OPS-15-A'], triggerMessage: 'Heartbeat' });
    const wrongVersion = await post(admin, 'v1.6/reset', { chargePointSelectList: ['OPS-15-A'], resetType: 'SOFT' });
    const reset = await post(admin, 'v1.5/reset', { chargePointSelectList: ['OPS-15-A'], resetType: 'SOFT' });

    expect((await finished(admin, reset.json().taskId)).taskDetail).toMatchObject({
      ocppVersion: '1.5',
      resultMap: { 'OPS-15-A': { response: 'Accepted' } },
    });
    expect(trigger.statusCode).toBe(422);
    expect(wrongVersion.statusCode).toBe(400);
    expect(wrongVersion.json().fields.chargePointSelectList).toContain('OPS-15-A');
    expect(list16.json().chargePointSelectList.map((s: { chargeBoxId: string }) => s.chargeBoxId)).not.toContain('OPS-15-A');
    expect(list15.json().chargePointSelectList).toContainEqual(expect.objectContaining({ chargeBoxId: 'OPS-15-A', online: true }));
  });

  it('another tenant’s station in the list: the whole command is refused and no task is recorded', async () => {
    await aStation(t, { id: 'OPS-TERPEL', tenant: 'terpel' });
    const before = await t.db
      .selectFrom('operation_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const res = await post(operator, 'v1.6/remote_start_transaction', {
      chargePointSelectList: ['OPS-TERPEL'],
      connectorId: 1,
      idTag: 'OPS-TAG',
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields.chargePointSelectList).toContain('OPS-TERPEL');
    const after = await t.db
      .selectFrom('operation_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('permission per command route: the operator may remote start but not reset (403); without /operations/v15 no 1.5 command', async () => {
    const res = await post(operator, 'v1.6/reset', { chargePointSelectList: ['OPS-16-A'], resetType: 'HARD' });
    const v15 = await post(operator, 'v1.5/remote_start_transaction', {
      chargePointSelectList: ['OPS-15-A'],
      connectorId: 1,
      idTag: 'OPS-TAG',
    });
    const noStation = await post(admin, 'v1.6/reset', { chargePointSelectList: [], resetType: 'HARD' });
    const badField = await post(admin, 'v1.6/reset', { chargePointSelectList: ['OPS-16-A'], resetType: 'GENTLE' });

    expect(res.statusCode).toBe(403);
    expect(v15.statusCode).toBe(403);
    expect(noStation.statusCode).toBe(400);
    expect(badField.statusCode).toBe(400);
    expect(badField.json().fields).toHaveProperty('resetType');
  });

  it('charging profile: a TX profile without recurrence rules is saved; a recurring one without its kind is refused at save', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/charging_profiles/',
      headers: bearer(admin),
      payload: {
        description: 'Night',
        stackLevel: 1,
        chargingProfilePurpose: 'TX_DEFAULT_PROFILE',
        chargingProfileKind: 'RECURRING',
        startSchedule: '2026-11-24 22:00:00Z',
        chargingRateUnit: 'W',
        schedulePeriodMap: [
          { startPeriodInSeconds: 60, powerLimitInAmperes: 7000 },
          { startPeriodInSeconds: 30, powerLimitInAmperes: 3000 },
        ],
      },
    });

    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'recurrencyKind',
      'schedulePeriodMap.0.startPeriodInSeconds',
      'schedulePeriodMap.1.startPeriodInSeconds',
    ]);
  });

  it('set_charging_profile to a simulator: accepted, recorded as active on the connector, and the station’s power obeys it; clear removes it', async () => {
    const sim = await simulator('OPS-PROFILE');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/charging_profiles/',
      headers: bearer(admin),
      payload: {
        description: 'Limite 5 kW',
        stackLevel: 0,
        chargingProfilePurpose: 'TX_DEFAULT_PROFILE',
        chargingProfileKind: 'RELATIVE',
        chargingRateUnit: 'W',
        schedulePeriodMap: [{ startPeriodInSeconds: 0, powerLimitInAmperes: 5000 }],
      },
    });
    expect(created.statusCode).toBe(200);
    const profilePk = created.json().chargingProfilePk as number;

    const set = await post(admin, 'v1.6/set_charging_profile', {
      chargePointSelectList: ['OPS-PROFILE'],
      chargingProfilePk: profilePk,
      connectorId: 1,
    });

    expect((await finished(admin, set.json().taskId)).taskDetail.resultMap['OPS-PROFILE']!.response).toBe('Accepted');
    const detail = await get(admin, `charging_profiles/${profilePk}/`);
    expect(detail.json().activeOn).toEqual([expect.objectContaining({ chargeBoxId: 'OPS-PROFILE', connectorId: 1 })]);
    const start = await post(admin, 'v1.6/remote_start_transaction', {
      chargePointSelectList: ['OPS-PROFILE'],
      connectorId: 1,
      idTag: 'OPS-TAG',
    });
    expect((await finished(admin, start.json().taskId)).taskDetail.resultMap['OPS-PROFILE']!.response).toBe('Accepted');
    // The simulator reports Power.Active.Import every second. Every simulated car takes 7.4 kW or
    // more on this 3-phase station (and needs at least 6 A × 3 × 230 V = 4,140 W to charge at all):
    // under the 5,000 W profile it draws between those, never above 5,000 W.
    const power = await eventually(async () => {
      const row = await t.db
        .selectFrom('meter_values as mv')
        .innerJoin('connectors as c', 'c.connector_pk', 'mv.connector_pk')
        .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'c.charge_box_pk')
        .select('mv.value')
        .where('cb.charge_box_id', '=', 'OPS-PROFILE')
        .where('mv.measurand', '=', 'Power.Active.Import')
        .orderBy('mv.meter_value_pk', 'desc')
        .executeTakeFirst();
      return row && Number(row.value) > 0 ? Number(row.value) : undefined;
    }, 20_000);
    expect(power).toBeGreaterThan(4000);
    expect(power).toBeLessThanOrEqual(5000);
    expect(sim.powerLimitW(1)).toBe(5000);

    const clear = await post(admin, 'v1.6/clear_charging_profile', {
      chargePointSelectList: ['OPS-PROFILE'],
      filterType: 'ChargingProfileId',
      chargingProfilePk: profilePk,
    });

    expect((await finished(admin, clear.json().taskId)).taskDetail.resultMap['OPS-PROFILE']!.response).toBe('Accepted');
    expect((await get(admin, `charging_profiles/${profilePk}/`)).json().activeOn).toEqual([]);
    expect(sim.powerLimitW(1)).toBeGreaterThan(5000);
  });

  it('100 stations in one command: every one answered, fanned out concurrently within the bound', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `OPS-MANY-${String(i).padStart(3, '0')}`);
    const clients = [];
    let inFlight = 0;
    let mostInFlight = 0;
    for (const id of ids) {
      await aStation(t, { id });
      const c = await bootedStation(url, id);
      c.handle('ChangeAvailability', async () => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((r) => setTimeout(r, 200));
        inFlight--;
        return { status: 'Accepted' };
      });
      clients.push(c);
    }

    const res = await post(admin, 'v1.6/change_availability', { chargePointSelectList: ids, availType: 'MAINTENANCE', connectorId: 0 });
    const task = await finished(admin, res.json().taskId);

    expect(Object.values(task.taskDetail.resultMap).filter((r) => r.response === 'Accepted')).toHaveLength(100);
    // One after another, a station would never see another's command in flight; at most fifty at once.
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(50);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('a task whose node stopped beating is closed as interrupted by the job', async () => {
    const station = await t.db
      .selectFrom('charge_boxes')
      .select(['charge_box_pk', 'tenant_pk'])
      .where('charge_box_id', '=', 'OPS-16-A')
      .executeTakeFirstOrThrow();
    const { task_pk } = await t.db
      .insertInto('operation_tasks')
      .values({
        origin: 'API',
        issuer: 'node-b',
        ocpp_version: '1.6',
        operation_name: 'reset',
        parameters: '{}',
        node_id: 'dead-node',
      })
      .returning('task_pk')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('operation_task_results')
      .values({ task_pk, charge_box_pk: station.charge_box_pk, charge_box_id: 'OPS-16-A', tenant_pk: station.tenant_pk })
      .execute();

    const service = new OperationService(t.db, { bus: t.bus, live: t.platform.live, nodeId: 'test', log: console });
    // A minute later its node has not beaten (the app's own job, ticking now, still sees it fresh).
    const closed = await service.closeInterrupted(new Date(Date.now() + 60_000));
    await service.close();
    const task = await finished(admin, Number(task_pk));

    expect(closed).toEqual([Number(task_pk)]);
    expect(task.interrupted).toBe(true);
    expect(task.taskDetail.resultMap['OPS-16-A']).toMatchObject({ status: 'interrupted', errorCode: 'INTERRUPTED' });
  });

  it('reserve now: accepted by the station; another tag’s start on the connector is refused; the reserving tag’s start uses it', async () => {
    await aStation(t, { id: 'OPS-RESERVE', connectors: 2 });
    await t.db.updateTable('charge_boxes').set({ reservation: true }).where('charge_box_id', '=', 'OPS-RESERVE').execute();
    await t.db
      .insertInto('ocpp_tags')
      .values([
        { tenant_pk: moveTenant, id_tag: 'OPS-OTHER', type: 'CARD' },
        { tenant_pk: moveTenant, id_tag: 'OPS-RES-TAG', type: 'CARD' },
      ])
      .execute();
    // A station that takes every reservation and, like some real ones, lets any tag start anyway.
    const station = await bootedStation(url, 'OPS-RESERVE');
    const reserved: unknown[] = [];
    station.handle('ReserveNow', async ({ params }) => {
      reserved.push(params);
      return { status: 'Accepted' };
    });
    const expiry = new Date(Date.now() + 30 * 60_000).toISOString();

    const res = await post(admin, 'v1.6/reserve_now', {
      chargePointSelectList: ['OPS-RESERVE'],
      connectorId: 1,
      idTag: 'ops-res-tag',
      expiry,
    });

    expect((await finished(admin, res.json().taskId)).taskDetail.resultMap['OPS-RESERVE']).toMatchObject({ response: 'Accepted' });
    const reservation = await t.db
      .selectFrom('reservations')
      .select(['reservation_pk', 'status', 'id_tag', 'connector_id'])
      .where('task_pk', '=', res.json().taskId)
      .executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({ status: 'ACCEPTED', id_tag: 'OPS-RES-TAG', connector_id: 1 });
    expect(reserved).toEqual([{ connectorId: 1, idTag: 'OPS-RES-TAG', expiryDate: expiry, reservationId: reservation.reservation_pk }]);
    const options = await get(admin, 'operations/v1.6/cancel_reservation/');
    expect(options.json().reservations['OPS-RESERVE']).toEqual([
      expect.objectContaining({ reservationId: reservation.reservation_pk, connectorId: 1, idTag: 'OPS-RES-TAG', status: 'ACCEPTED' }),
    ]);

    const other = (await station.call('StartTransaction', { connectorId: 1, idTag: 'OPS-OTHER', meterStart: 100, timestamp: iso() })) as {
      idTagInfo: { status: string };
    };
    const elsewhere = (await station.call('StartTransaction', {
      connectorId: 2,
      idTag: 'OPS-OTHER',
      meterStart: 100,
      timestamp: iso(),
    })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    const mine = (await station.call('StartTransaction', {
      connectorId: 1,
      idTag: 'OPS-RES-TAG',
      meterStart: 200,
      timestamp: iso(),
      reservationId: reservation.reservation_pk,
    })) as { transactionId: number; idTagInfo: { status: string } };

    expect(other.idTagInfo.status).toBe('Invalid');
    expect(elsewhere.idTagInfo.status).toBe('Accepted');
    expect(mine.idTagInfo.status).toBe('Accepted');
    const used = await t.db
      .selectFrom('reservations')
      .select(['status', 'transaction_pk'])
      .where('reservation_pk', '=', reservation.reservation_pk)
      .executeTakeFirstOrThrow();
    expect(used).toEqual({ status: 'USED', transaction_pk: mine.transactionId });
    await station.close();
  });

  it('reserve now: refused before sending where reservations are off; an expiry in the past is a field error; cancel and expiry close reservations', async () => {
    await aStation(t, { id: 'OPS-NORESERVE' });
    await aStation(t, { id: 'OPS-RESERVE-2' });
    await t.db.updateTable('charge_boxes').set({ reservation: true }).where('charge_box_id', '=', 'OPS-RESERVE-2').execute();
    const station = await bootedStation(url, 'OPS-RESERVE-2');
    station.handle('ReserveNow', async () => ({ status: 'Accepted' }));
    const cancelled: unknown[] = [];
    station.handle('CancelReservation', async ({ params }) => {
      cancelled.push(params);
      return { status: 'Accepted' };
    });
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();

    const past = await post(admin, 'v1.6/reserve_now', {
      chargePointSelectList: ['OPS-RESERVE-2'],
      connectorId: 1,
      idTag: 'OPS-TAG',
      expiry: new Date(Date.now() - 60_000).toISOString(),
    });
    const tooFar = await post(admin, 'v1.6/reserve_now', {
      chargePointSelectList: ['OPS-RESERVE-2'],
      connectorId: 1,
      idTag: 'OPS-TAG',
      expiry: new Date(Date.now() + 73 * 3_600_000).toISOString(),
    });
    const both = await post(admin, 'v1.6/reserve_now', {
      chargePointSelectList: ['OPS-NORESERVE', 'OPS-RESERVE-2'],
      connectorId: 1,
      idTag: 'OPS-TAG',
      expiry: soon,
    });

    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toHaveProperty('expiry');
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().fields).toHaveProperty('expiry');
    const task = await finished(admin, both.json().taskId);
    expect(task.taskDetail.resultMap['OPS-NORESERVE']).toMatchObject({ status: 'error', errorCode: 'RESERVATION_DISABLED' });
    expect(task.taskDetail.resultMap['OPS-RESERVE-2']).toMatchObject({ status: 'answered', response: 'Accepted' });
    const rows = await t.db.selectFrom('reservations').select(['reservation_pk', 'status']).where('task_pk', '=', task.taskId).execute();
    expect(rows).toEqual([{ reservation_pk: expect.any(Number), status: 'ACCEPTED' }]);
    const reservationId = rows[0]!.reservation_pk;

    const wrong = await post(admin, 'v1.6/cancel_reservation', {
      chargePointSelectList: ['OPS-RESERVE-2'],
      reservationId: reservationId + 1000,
    });
    const cancel = await post(admin, 'v1.6/cancel_reservation', { chargePointSelectList: ['OPS-RESERVE-2'], reservationId });

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('reservationId');
    expect((await finished(admin, cancel.json().taskId)).taskDetail.resultMap['OPS-RESERVE-2']).toMatchObject({ response: 'Accepted' });
    expect(cancelled).toEqual([{ reservationId }]);
    expect(
      (await t.db.selectFrom('reservations').select('status').where('reservation_pk', '=', reservationId).executeTakeFirstOrThrow()).status,
    ).toBe('CANCELLED');

    // A reservation whose expiry passes is closed by the job.
    const again = await post(admin, 'v1.6/reserve_now', {
      chargePointSelectList: ['OPS-RESERVE-2'],
      connectorId: 1,
      idTag: 'OPS-TAG',
      expiry: soon,
    });
    await finished(admin, again.json().taskId);
    const service = new OperationService(t.db, { bus: t.bus, live: t.platform.live, nodeId: 'test', log: console });
    const expired = await service.expireReservations(new Date(Date.now() + 11 * 60_000));
    await service.close();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(
      (await t.db.selectFrom('reservations').select('status').where('task_pk', '=', again.json().taskId).executeTakeFirstOrThrow()).status,
    ).toBe('EXPIRED');
    await station.close();
  });

  it('get composite schedule (1.6 only): the station’s schedule is kept as the task’s detail', async () => {
    const sim = await simulator('OPS-COMPOSITE');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/charging_profiles/',
      headers: bearer(admin),
      payload: {
        description: 'Teto 11 kW',
        stackLevel: 0,
        chargingProfilePurpose: 'CHARGE_POINT_MAX_PROFILE',
        chargingProfileKind: 'RELATIVE',
        chargingRateUnit: 'W',
        schedulePeriodMap: [{ startPeriodInSeconds: 0, powerLimitInAmperes: 11000 }],
      },
    });
    const set = await post(admin, 'v1.6/set_charging_profile', {
      chargePointSelectList: ['OPS-COMPOSITE'],
      chargingProfilePk: created.json().chargingProfilePk,
      connectorId: 0,
    });
    await finished(admin, set.json().taskId);

    const res = await post(admin, 'v1.6/get_composite_schedule', {
      chargePointSelectList: ['OPS-COMPOSITE'],
      connectorId: 0,
      durationInSeconds: 3600,
      chargingRateUnit: 'W',
    });
    const v15 = await post(admin, 'v1.5/get_composite_schedule', {
      chargePointSelectList: ['OPS-15-A'],
      connectorId: 0,
      durationInSeconds: 60,
    });

    const task = await finished(admin, res.json().taskId);
    expect(task.taskDetail.resultMap['OPS-COMPOSITE']).toMatchObject({ response: 'Accepted', hasDetail: true });
    const detail = await get(admin, `operations/tasks/${task.taskId}/details/OPS-COMPOSITE/`);
    expect(detail.json().data.chargingSchedule.chargingSchedulePeriod[0]).toMatchObject({ startPeriod: 0, limit: 11000 });
    expect(v15.statusCode).toBe(422);
    void sim;
  });

  it('send local list: a full list carries the network’s tags with their status, versions go up, the station’s version is read back', async () => {
    const sim = await simulator('OPS-LOCAL');
    await t.db
      .insertInto('ocpp_tags')
      .values([
        { tenant_pk: moveTenant, id_tag: 'OPS-LOCAL-OFF', type: 'CARD', inactive: true },
        { tenant_pk: terpelTenant, id_tag: 'OPS-TERPEL-CARD', type: 'CARD' },
      ])
      .execute();

    const full = await post(admin, 'v1.6/send_local_list', { chargePointSelectList: ['OPS-LOCAL'], updateType: 'FULL' });
    expect((await finished(admin, full.json().taskId)).taskDetail.resultMap['OPS-LOCAL']).toMatchObject({ response: 'Accepted' });
    const sent = sim.localAuthorizationList;
    expect(sent.get('OPS-TAG')).toMatchObject({ status: 'Accepted' });
    expect(sent.get('OPS-LOCAL-OFF')).toMatchObject({ status: 'Blocked' });
    expect(sent.has('OPS-TERPEL-CARD')).toBe(false);

    const diff = await post(admin, 'v1.6/send_local_list', {
      chargePointSelectList: ['OPS-LOCAL'],
      updateType: 'DIFFERENTIAL',
      deleteList: ['OPS-LOCAL-OFF'],
    });
    // Another network's card cannot charge here: added by name, it goes to the station as a removal.
    const foreign = await post(admin, 'v1.6/send_local_list', {
      chargePointSelectList: ['OPS-LOCAL'],
      updateType: 'DIFFERENTIAL',
      addUpdateList: ['OPS-TERPEL-CARD'],
    });
    const unknown = await post(admin, 'v1.6/send_local_list', {
      chargePointSelectList: ['OPS-LOCAL'],
      updateType: 'DIFFERENTIAL',
      addUpdateList: ['NO-SUCH-TAG'],
    });
    const empty = await post(admin, 'v1.6/send_local_list', { chargePointSelectList: ['OPS-LOCAL'], updateType: 'DIFFERENTIAL' });
    expect((await finished(admin, diff.json().taskId)).taskDetail.resultMap['OPS-LOCAL']).toMatchObject({ response: 'Accepted' });
    expect(sim.localAuthorizationList.has('OPS-LOCAL-OFF')).toBe(false);
    expect((await finished(admin, foreign.json().taskId)).taskDetail.resultMap['OPS-LOCAL']).toMatchObject({ response: 'Accepted' });
    expect(sim.localAuthorizationList.has('OPS-TERPEL-CARD')).toBe(false);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.addUpdateList).toContain('NO-SUCH-TAG');
    expect(empty.statusCode).toBe(400);

    const version = await post(admin, 'v1.6/get_local_list_version', { chargePointSelectList: ['OPS-LOCAL'] });
    expect((await finished(admin, version.json().taskId)).taskDetail.resultMap['OPS-LOCAL']).toMatchObject({ response: '3' });
    const options = await get(admin, 'operations/v1.6/send_local_list/');
    expect(options.json().localLists['OPS-LOCAL']).toMatchObject({ listVersion: 3, reportedVersion: 3 });
  });

  it('get_local_list_version from a station without a local list (-1): answered NotSupported, never shown as a version', async () => {
    const sim = await simulator('OPS-NOLIST');
    sim.configuration.set('LocalAuthListEnabled', 'false');
    const res = await post(admin, 'v1.6/get_local_list_version', { chargePointSelectList: ['OPS-NOLIST'] });
    expect((await finished(admin, res.json().taskId)).taskDetail.resultMap['OPS-NOLIST']).toMatchObject({
      status: 'answered',
      response: 'NotSupported',
    });
    const options = await get(admin, 'operations/v1.6/send_local_list/');
    expect(options.json().localLists['OPS-NOLIST']).toMatchObject({ listVersion: 0, reportedVersion: -1 });
  });

  it.each(['ocpp1.6', 'ocpp1.5'] as const)('every command reaches a %s simulator and is answered', async (protocol) => {
    const v = protocol === 'ocpp1.6' ? 'v1.6' : 'v1.5';
    const id = `OPS-ALL-${protocol === 'ocpp1.6' ? '16' : '15'}`;
    const tag = `${id}-TAG`;
    await t.db.insertInto('ocpp_tags').values({ tenant_pk: moveTenant, id_tag: tag, type: 'CARD' }).execute();
    const sim = await simulator(id, protocol);
    await t.db.updateTable('charge_boxes').set({ reservation: true }).where('charge_box_id', '=', id).execute();
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/charging_profiles/',
      headers: bearer(admin),
      payload: {
        description: `Perfil ${id}`,
        stackLevel: 2,
        chargingProfilePurpose: 'TX_DEFAULT_PROFILE',
        chargingProfileKind: 'RELATIVE',
        chargingRateUnit: 'A',
        schedulePeriodMap: [{ startPeriodInSeconds: 0, powerLimitInAmperes: 16 }],
      },
    });
    const chargingProfilePk = profile.json().chargingProfilePk as number;
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const answers: Record<string, string | null> = {};
    const send = async (command: string, body: Record<string, unknown>) => {
      const res = await post(admin, `${v}/${command}`, { chargePointSelectList: [id], ...body });
      expect(res.statusCode, `${command}: ${res.body}`).toBe(200);
      const result = (await finished(admin, res.json().taskId)).taskDetail.resultMap[id]!;
      expect(result, command).toMatchObject({ status: 'answered', errorCode: null });
      answers[command] = result.response;
    };

    await send('change_availability', { availType: 'OPERATIVE', connectorId: 0 });
    await send('get_configuration', { confKeyList: ['HeartbeatInterval'] });
    await send('change_configuration', { keyType: 'PREDEFINED', confKey: 'HeartbeatInterval', value: '600' });
    await send('clear_cache', {});
    await send('get_diagnostics', { location: 'ftp://diagnostics.example/upload' });
    await send('unlock_connector', { connectorId: 1 });
    await send('update_firmware', { location: 'https://firmware.example/v2.bin', retrieve: inAnHour });
    await send('data_transfer', { vendorId: 'Recarga', messageId: 'ping', data: 'hello' });
    await send('reserve_now', { connectorId: 2, idTag: tag, expiry: inAnHour });
    const reservationId = (await get(admin, `operations/${v}/cancel_reservation/`)).json().reservations[id][0].reservationId as number;
    await send('cancel_reservation', { reservationId });
    await send('send_local_list', { updateType: 'FULL' });
    await send('get_local_list_version', {});
    await send('remote_start_transaction', { connectorId: 1, idTag: tag });
    await eventually(() => (sim.transactions.length === 1 ? true : undefined), 15_000);
    const transactionId = (await get(admin, `operations/${v}/remote_stop_transaction/`)).json().transactionIds[id][0] as number;
    if (protocol === 'ocpp1.6') {
      await send('trigger_message', { triggerMessage: 'Heartbeat' });
      await send('set_charging_profile', { chargingProfilePk, connectorId: 1 });
      await send('get_composite_schedule', { connectorId: 1, durationInSeconds: 600 });
      await send('clear_charging_profile', { filterType: 'ChargingProfileId', chargingProfilePk });
    }
    await send('remote_stop_transaction', { transactionId });
    await eventually(() => (sim.transactions.length === 0 ? true : undefined), 15_000);
    await send('reset', { resetType: 'SOFT' });

    expect(answers).toMatchObject({
      change_availability: 'Accepted',
      get_configuration: 'Accepted',
      change_configuration: 'Accepted',
      clear_cache: 'Accepted',
      unlock_connector: 'Unlocked',
      update_firmware: 'Accepted',
      reserve_now: 'Accepted',
      cancel_reservation: 'Accepted',
      send_local_list: 'Accepted',
      get_local_list_version: '1',
      remote_start_transaction: 'Accepted',
      remote_stop_transaction: 'Accepted',
      reset: 'Accepted',
    });
    if (protocol === 'ocpp1.6')
      expect(answers).toMatchObject({
        trigger_message: 'Accepted',
        set_charging_profile: 'Accepted',
        get_composite_schedule: 'Accepted',
        clear_charging_profile: 'Accepted',
      });
  });
});
