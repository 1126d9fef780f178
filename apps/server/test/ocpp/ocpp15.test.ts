// @postgres write-pool: a whole 1.5 session through the batcher's pool and the main pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callStation } from '../../src/ocpp/call-station';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { aStation } from '../helpers/station-builders';
import { iso, sendRaw, stationClient, type StationClient } from './ocpp-helpers';

describe('OCPP 1.5-J station, mapped to the 1.6 model', () => {
  let t: TestApp;
  let client: StationClient;
  let pk: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_HEARTBEAT_INTERVAL: '600' } });
    const url = await t.listen();
    pk = await aStation(t, { id: 'V15-01' });
    client = stationClient(url, 'V15-01', { protocol: 'ocpp1.5' });
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('whole session in 1.5: boot answers heartbeatInterval, Occupied is stored as Charging, readings and transactionData become series', async () => {
    // Arrange
    const begin = new Date(Date.now() - 40 * 60_000);

    // Act
    const boot = (await client.call('BootNotification', { chargePointVendor: 'ABB', chargePointModel: 'Terra 53' })) as Record<
      string,
      unknown
    >;
    await client.call('StatusNotification', { connectorId: 1, status: 'Occupied', errorCode: 'NoError' });
    const start = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      timestamp: iso(begin),
      meterStart: 500,
    })) as { transactionId: number; idTagInfo: { status: string } };
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: start.transactionId,
      values: [
        {
          timestamp: iso(new Date(begin.getTime() + 60_000)),
          value: [
            { value: '900', measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
            { value: '16', measurand: 'Current.Import', unit: 'Amp' },
            { value: '229.5', measurand: 'Voltage', unit: 'Volt', location: 'Outlet' },
          ],
        },
      ],
    });
    // A station naming the readings list "values" (tolerated, like SteVe does).
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: start.transactionId,
      values: [
        {
          timestamp: iso(new Date(begin.getTime() + 120_000)),
          values: [{ value: '1300', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    const stop = (await client.call('StopTransaction', {
      transactionId: start.transactionId,
      idTag: '04A1B2C3D4',
      timestamp: iso(new Date(begin.getTime() + 30 * 60_000)),
      meterStop: 4500,
      transactionData: [
        {
          values: [
            {
              timestamp: iso(new Date(begin.getTime() + 30 * 60_000)),
              value: [{ value: '4500', measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Transaction.End' }],
            },
          ],
        },
      ],
    })) as { idTagInfo: { status: string } };
    await client.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'Mode3Error' });

    // Assert: 1.5 answers
    expect(boot).toEqual({ status: 'Accepted', currentTime: expect.any(String), heartbeatInterval: 600 });
    expect(start.idTagInfo.status).toBe('Accepted');
    expect(stop.idTagInfo.status).toBe('Accepted');

    // Assert: 1.6 model in the database
    const station = await t.db
      .selectFrom('charge_boxes')
      .select(['ocpp_protocol', 'charge_point_vendor'])
      .where('charge_box_pk', '=', pk)
      .executeTakeFirstOrThrow();
    expect(station).toEqual({ ocpp_protocol: 'ocpp1.5', charge_point_vendor: 'ABB' });
    const statuses = await t.db
      .selectFrom('connector_status_history as h')
      .innerJoin('connectors as c', 'c.connector_pk', 'h.connector_pk')
      .select(['h.status', 'h.error_code'])
      .where('c.charge_box_pk', '=', pk)
      .orderBy('h.connector_status_pk')
      .execute();
    expect(statuses).toEqual([
      { status: 'Charging', error_code: 'NoError' },
      { status: 'Available', error_code: 'EVCommunicationError' },
    ]);
    const series = await t.db
      .selectFrom('meter_values')
      .select(['measurand', 'value', 'unit'])
      .where('transaction_pk', '=', start.transactionId)
      .orderBy('value_timestamp')
      .orderBy('measurand')
      .execute();
    expect(series).toEqual([
      { measurand: 'Current.Import', value: 16, unit: 'A' },
      { measurand: 'Energy.Active.Import.Register', value: 900, unit: 'Wh' },
      { measurand: 'Voltage', value: 229.5, unit: 'V' },
      { measurand: 'Energy.Active.Import.Register', value: 1300, unit: 'Wh' },
      { measurand: 'Energy.Active.Import.Register', value: 4500, unit: 'Wh' },
    ]);
    const tx = await t.db
      .selectFrom('transactions')
      .select(['energy_wh', 'stop_reason'])
      .where('transaction_pk', '=', start.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ energy_wh: 4000, stop_reason: null });
  });

  it('1.6-only status value from a 1.5 station: PropertyConstraintViolation against the 1.5 schema', async () => {
    const [, , code] = await sendRaw(client, [
      2,
      'v15-bad',
      'StatusNotification',
      { connectorId: 1, status: 'Charging', errorCode: 'NoError' },
    ]);
    expect(code).toBe('PropertyConstraintViolation');
  });

  it('UnlockConnector to a 1.5 station: its Accepted comes back as the 1.6 Unlocked', async () => {
    client.handle('UnlockConnector', async () => ({ status: 'Accepted' }));
    expect(await callStation(t.bus, 'V15-01', 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
  });

  it('TriggerMessage to a 1.5 station: NotSupportedByProtocolError (422), nothing sent', async () => {
    await expect(callStation(t.bus, 'V15-01', 'TriggerMessage', { requestedMessage: 'Heartbeat' })).rejects.toMatchObject({
      status: 422,
      code: 'NOT_SUPPORTED_BY_PROTOCOL',
    });
  });

  it('SendLocalList to a 1.5 station: the list travels as localAuthorisationList', async () => {
    let received: Record<string, unknown> | undefined;
    client.handle('SendLocalList', async ({ params }) => {
      received = params as Record<string, unknown>;
      return { status: 'Accepted' };
    });
    const answer = await callStation(t.bus, 'V15-01', 'SendLocalList', {
      listVersion: 3,
      updateType: 'Full',
      localAuthorizationList: [{ idTag: '04A1B2C3D4', idTagInfo: { status: 'Accepted' } }],
    });
    expect(answer).toEqual({ status: 'Accepted' });
    expect(received).toEqual({
      listVersion: 3,
      updateType: 'Full',
      localAuthorisationList: [{ idTag: '04A1B2C3D4', idTagInfo: { status: 'Accepted' } }],
    });
  });
});
