// @postgres write-pool: a remote start reaches the simulator and its transaction is written by the batcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import { SimulatedStation } from '@recarga/simulator/station';
import { callStation } from '../../src/ocpp/call-station';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { bootedStation, eventually, ocppUrl } from './ocpp-helpers';

describe('commands to stations (callStation)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterAll(() => t.close());

  it("GetConfiguration to a connected station: returns the station's answer", async () => {
    // Arrange
    await aStation(t, { id: 'CALL-01' });
    const client = await bootedStation(url, 'CALL-01');
    let received: unknown;
    client.handle('GetConfiguration', async ({ params }) => {
      received = params;
      return { configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }], unknownKey: ['Nope'] };
    });

    // Act
    const answer = await callStation(t.bus, 'CALL-01', 'GetConfiguration', { key: ['HeartbeatInterval', 'Nope'] }, { timeoutMs: 5000 });

    // Assert
    expect(received).toEqual({ key: ['HeartbeatInterval', 'Nope'] });
    expect(answer).toEqual({ configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }], unknownKey: ['Nope'] });
    await client.close();
  });

  it('station not connected: StationOfflineError (409 STATION_OFFLINE)', async () => {
    await aStation(t, { id: 'CALL-02' });
    await expect(callStation(t.bus, 'CALL-02', 'Reset', { type: 'Soft' })).rejects.toMatchObject({ status: 409, code: 'STATION_OFFLINE' });
  });

  it('station answers with a CALLERROR: StationCallError carrying the OCPP error code', async () => {
    await aStation(t, { id: 'CALL-03' });
    const client = await bootedStation(url, 'CALL-03');
    client.handle('Reset', async () => {
      throw createRPCError('NotSupported', 'no resets on Sundays');
    });
    await expect(callStation(t.bus, 'CALL-03', 'Reset', { type: 'Hard' })).rejects.toMatchObject({
      status: 502,
      code: 'STATION_CALL_ERROR',
      ocppErrorCode: 'NotSupported',
      ocppErrorDescription: 'no resets on Sundays',
    });
    await client.close();
  });

  it('station does not answer in time: StationTimeoutError (504)', async () => {
    await aStation(t, { id: 'CALL-04' });
    const client = await bootedStation(url, 'CALL-04');
    client.handle('ClearCache', () => new Promise(() => undefined));
    await expect(callStation(t.bus, 'CALL-04', 'ClearCache', {}, { timeoutMs: 300 })).rejects.toMatchObject({
      status: 504,
      code: 'STATION_TIMEOUT',
    });
    await client.close({ force: true });
  });

  it('station answers with an invalid payload: StationResponseInvalidError', async () => {
    await aStation(t, { id: 'CALL-05' });
    const client = await bootedStation(url, 'CALL-05');
    // The test station skips its own outbound validation to misbehave.
    client.handle('UnlockConnector', async () => ({ status: 'Maybe' }));
    (client as unknown as { _strictProtocols: string[] })._strictProtocols = [];
    await expect(callStation(t.bus, 'CALL-05', 'UnlockConnector', { connectorId: 1 })).rejects.toMatchObject({
      status: 502,
      code: 'STATION_RESPONSE_INVALID',
    });
    await client.close();
  });

  it('command with an invalid payload: InvalidCommandError (400), nothing sent', async () => {
    await aStation(t, { id: 'CALL-06' });
    const client = await bootedStation(url, 'CALL-06');
    let called = false;
    client.handle('ChangeAvailability', async () => {
      called = true;
      return { status: 'Accepted' };
    });
    await expect(
      callStation(t.bus, 'CALL-06', 'ChangeAvailability', { connectorId: 1, type: 'Sleepy' as 'Operative' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(called).toBe(false);
    await client.close();
  });

  it('RemoteStartTransaction to the charge-point simulator: accepted, and the simulator starts a transaction', async () => {
    // Arrange
    await aStation(t, { id: 'CALL-SIM-01' });
    const sim = new SimulatedStation({
      url: ocppUrl(url),
      chargeBoxId: 'CALL-SIM-01',
      protocol: 'ocpp1.6',
      connectors: 2,
      idTags: ['04A1B2C3D4'],
      meterIntervalSec: 1,
    });
    await sim.start();

    // Act
    const config = await callStation(t.bus, 'CALL-SIM-01', 'GetConfiguration', { key: ['HeartbeatInterval'] });
    const start = await callStation(t.bus, 'CALL-SIM-01', 'RemoteStartTransaction', { connectorId: 1, idTag: '04A1B2C3D4' });

    // Assert
    expect(config.configurationKey?.[0]?.key).toBe('HeartbeatInterval');
    expect(start).toEqual({ status: 'Accepted' });
    const tx = await eventually(() =>
      t.db
        .selectFrom('transactions as x')
        .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
        .select(['x.transaction_pk', 'x.id_tag'])
        .where('cb.charge_box_id', '=', 'CALL-SIM-01')
        .executeTakeFirst(),
    );
    expect(tx.id_tag).toBe('04A1B2C3D4');
    await sim.stop();
  });
});
