import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationMessages } from '@recarga/contracts/operations';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { aUserWith } from '../helpers/dashboard-users';
import { bootedStation, eventually, iso, type StationClient } from './ocpp-helpers';

interface TaskRow {
  taskId: number;
  endTimestamp: string | null;
  taskDetail: { resultMap: Record<string, { status: string; response: string | null; errorCode: string | null }> };
}

/**
 * Item 8 (a stop reaches only its own station; running charges named by driver) and item 13's
 * remote start with a saved TxProfile, with strict ocpp-rpc clients as stations: a strict client
 * answers a message that breaks the OCPP 1.6 schema with a CALLERROR and never reaches its handler,
 * so a handler that ran saw a schema-valid message.
 */
describe('remote stop to the right station, remote start with a charging profile', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let a: StationClient;
  let b: StationClient;
  const stopsAt: Record<string, unknown[]> = { 'STOP-A': [], 'STOP-B': [] };
  const startsAt: unknown[] = [];

  const send = (token: string, path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/operations/${path}/`, headers: bearer(token), payload: payload as object });
  const finished = (taskId: number) =>
    eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/operations/tasks/?size=50', headers: bearer(admin) });
      const task = (res.json().tasks as TaskRow[]).find((x) => x.taskId === taskId);
      return task?.endTimestamp ? task : undefined;
    }, 15_000);
  const start = async (station: StationClient, connectorId: number, idTag: string) =>
    (
      (await station.call('StartTransaction', { connectorId, idTag, meterStart: 5_000, timestamp: iso() })) as {
        transactionId: number;
        idTagInfo: { status: string };
      }
    ).transactionId;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_COMMAND_TIMEOUT: '3' } });
    url = await t.listen();
    admin = await loginAs(t.app, demo.admin);
    await aStation(t, { id: 'STOP-A', tenant: 'move', connectors: 2 });
    await aStation(t, { id: 'STOP-B', tenant: 'move', connectors: 2 });
    await aStation(t, { id: 'START-15', tenant: 'move', connectors: 1 });
    const moveTenant = (await t.db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow())
      .tenant_pk;
    await t.db
      .insertInto('ocpp_tags')
      .values([
        { tenant_pk: moveTenant, id_tag: 'STOP-TAG-1', type: 'CARD' },
        { tenant_pk: moveTenant, id_tag: 'STOP-TAG-2', type: 'CARD' },
        { tenant_pk: moveTenant, id_tag: 'STOP-TAG-3', type: 'CARD' },
        { tenant_pk: moveTenant, id_tag: 'STOP-TAG-4', type: 'CARD' },
      ])
      .execute();
    a = await bootedStation(url, 'STOP-A');
    b = await bootedStation(url, 'STOP-B');
    // A station that spoke OCPP 1.5 when it last booted (the refusal comes before any call).
    await t.db.updateTable('charge_boxes').set({ ocpp_protocol: 'ocpp1.5' }).where('charge_box_id', '=', 'START-15').execute();
    for (const [id, client] of [
      ['STOP-A', a],
      ['STOP-B', b],
    ] as const) {
      client.handle('RemoteStopTransaction', async ({ params }) => {
        stopsAt[id]!.push(params);
        return { status: 'Accepted' };
      });
    }
    a.handle('RemoteStartTransaction', async ({ params }) => {
      startsAt.push(params);
      return { status: 'Accepted' };
    });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a, b].map((c) => c?.close({ force: true })));
    await t.close();
  });

  it('the remote stop offers each station’s running charges with driver, tag, connector and start', async () => {
    const tx = await start(a, 2, '04A1B2C3D4');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/operations/v1.6/remote_stop_transaction/?size=0&chargeBoxIds=STOP-A,STOP-B',
      headers: bearer(admin),
    });

    expect(res.statusCode, res.body).toBe(200);
    const running = res.json().runningTransactions as Record<string, { transactionId: number }[]>;
    expect(running['STOP-A']).toContainEqual({
      transactionId: tx,
      connectorId: 2,
      idTag: '04A1B2C3D4',
      userName: 'Marcos Silva',
      startTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(running['STOP-B'] ?? []).toEqual([]);
  });

  it('a stop with two stations chosen is sent only to the one running the recharge; the other is not called', async () => {
    const onB = await start(b, 1, 'STOP-TAG-1');
    stopsAt['STOP-A'] = [];
    stopsAt['STOP-B'] = [];

    const res = await send(admin, 'v1.6/remote_stop_transaction', { chargePointSelectList: ['STOP-A', 'STOP-B'], transactionId: onB });

    expect(res.statusCode, res.body).toBe(200);
    const task = await finished(res.json().taskId);
    expect(Object.keys(task.taskDetail.resultMap)).toEqual(['STOP-B']);
    expect(task.taskDetail.resultMap['STOP-B']).toMatchObject({ status: 'answered', response: 'Accepted' });
    expect(stopsAt['STOP-B']).toEqual([{ transactionId: onB }]);
    expect(stopsAt['STOP-A']).toEqual([]);
  });

  it('a stop of a recharge running on none of the chosen stations is a field error and nothing is sent', async () => {
    const onB = await start(b, 2, 'STOP-TAG-2');
    stopsAt['STOP-A'] = [];

    const res = await send(admin, 'v1.6/remote_stop_transaction', { chargePointSelectList: ['STOP-A'], transactionId: onB });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ transactionId: operationMessages.transactionNotRunning });
    expect(stopsAt['STOP-A']).toEqual([]);
  });

  it('POST transaction/{id}/stop sends the stop to the recharge’s own station as a task', async () => {
    const onA = await start(a, 1, 'STOP-TAG-3');
    stopsAt['STOP-A'] = [];
    stopsAt['STOP-B'] = [];

    const res = await t.app.inject({ method: 'POST', url: `/api/transaction/${onA}/stop/`, headers: bearer(admin) });

    expect(res.statusCode, res.body).toBe(200);
    const task = await finished(res.json().taskId);
    expect(task.taskDetail.resultMap).toEqual({ 'STOP-A': expect.objectContaining({ response: 'Accepted' }) });
    expect(stopsAt['STOP-A']).toEqual([{ transactionId: onA }]);
    expect(stopsAt['STOP-B']).toEqual([]);
  });

  it('POST transaction/{id}/stop: no remote-stop permission 403, another network 404, a stopped recharge 409', async () => {
    const onA = await start(a, 1, 'STOP-TAG-4');
    const noStop = (await aUserWith(t, { tenant: 'move', routes: ['/transactions', '/operations/v16'] })).token;
    const terpel = (await aUserWith(t, { tenant: 'terpel', routes: ['/transactions', '/operations/v16', '/operations/remote_stop'] }))
      .token;
    const stop = (token: string, pk: number) =>
      t.app.inject({ method: 'POST', url: `/api/transaction/${pk}/stop/`, headers: bearer(token) });

    expect((await stop(noStop, onA)).statusCode).toBe(403);
    expect((await stop(terpel, onA)).statusCode).toBe(404);
    await a.call('StopTransaction', { transactionId: onA, meterStop: 6_000, timestamp: iso(), reason: 'Local' });
    const stopped = await stop(admin, onA);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().code).toBe('TRANSACTION_NOT_RUNNING');
  });

  describe('remote start with a charging profile', () => {
    const profile = async (purpose: string, description: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/charging_profiles/',
        headers: bearer(admin),
        payload: {
          description,
          stackLevel: 2,
          chargingProfilePurpose: purpose,
          chargingProfileKind: 'RELATIVE',
          chargingRateUnit: 'A',
          durationInSeconds: 3600,
          schedulePeriodMap: [
            { startPeriodInSeconds: 0, powerLimitInAmperes: 16 },
            { startPeriodInSeconds: 1800, powerLimitInAmperes: 10, numberPhases: 3 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().chargingProfilePk as number;
    };

    it('a saved TxProfile is offered and sent in RemoteStartTransaction as a schema-valid TxProfile without transactionId', async () => {
      const pk = await profile('TX_PROFILE', 'Start 16 A');
      const options = await t.app.inject({
        method: 'GET',
        url: '/api/operations/v1.6/remote_start_transaction/?size=0&chargeBoxIds=STOP-A',
        headers: bearer(admin),
      });
      expect(options.json().profileList).toContainEqual({ chargingProfilePk: pk, description: 'Start 16 A' });
      startsAt.length = 0;

      const res = await send(admin, 'v1.6/remote_start_transaction', {
        chargePointSelectList: ['STOP-A'],
        connectorId: 1,
        idTag: 'STOP-TAG-1',
        chargingProfilePk: pk,
      });

      expect(res.statusCode, res.body).toBe(200);
      const task = await finished(res.json().taskId);
      expect(task.taskDetail.resultMap['STOP-A']).toMatchObject({ status: 'answered', response: 'Accepted' });
      expect(startsAt).toEqual([
        {
          connectorId: 1,
          idTag: 'STOP-TAG-1',
          chargingProfile: {
            chargingProfileId: pk,
            stackLevel: 2,
            chargingProfilePurpose: 'TxProfile',
            chargingProfileKind: 'Relative',
            chargingSchedule: {
              chargingRateUnit: 'A',
              duration: 3600,
              chargingSchedulePeriod: [
                { startPeriod: 0, limit: 16 },
                { startPeriod: 1800, limit: 10, numberPhases: 3 },
              ],
            },
          },
        },
      ]);
    });

    it('a profile of another purpose, or of another network, is a field error; nothing is sent', async () => {
      const notTx = await profile('TX_DEFAULT_PROFILE', 'Default 16 A');
      startsAt.length = 0;
      const body = { chargePointSelectList: ['STOP-A'], connectorId: 1, idTag: 'STOP-TAG-2' };

      const wrongPurpose = await send(admin, 'v1.6/remote_start_transaction', { ...body, chargingProfilePk: notTx });
      const missing = await send(admin, 'v1.6/remote_start_transaction', { ...body, chargingProfilePk: 999_999 });

      expect(wrongPurpose.statusCode).toBe(400);
      expect(wrongPurpose.json().fields).toEqual({ chargingProfilePk: operationMessages.startProfileNotTx });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ chargingProfilePk: operationMessages.profileNotFound });
      expect(startsAt).toEqual([]);
    });

    it('to an OCPP 1.5 station a charging profile is refused with a clear error (1.5 has no such field)', async () => {
      const pk = await profile('TX_PROFILE', 'Start 1.5');

      const res = await send(admin, 'v1.5/remote_start_transaction', {
        chargePointSelectList: ['START-15'],
        connectorId: 1,
        idTag: 'STOP-TAG-1',
        chargingProfilePk: pk,
      });

      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'NOT_SUPPORTED_BY_PROTOCOL',
        fields: { chargingProfilePk: operationMessages.startProfileV15 },
      });
    });
  });
});
