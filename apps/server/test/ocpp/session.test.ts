// @postgres write-pool: the whole write path of a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../helpers/test-app';
import { aStation, stationPk } from '../helpers/station-builders';
import { bootedStation, eventually, iso, stationClient, type StationClient } from './ocpp-helpers';

/** Starts a recharge of Júlia's card on a connector at `start` (meter at 0); its transaction id. */
async function startAt(client: StationClient, connectorId: number, start: Date): Promise<number> {
  const answer = (await client.call('StartTransaction', { connectorId, idTag: '04B2C3D4E5', meterStart: 0, timestamp: iso(start) })) as {
    transactionId: number;
  };
  return answer.transactionId;
}

describe('OCPP 1.6 charging session', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCPP_HEARTBEAT_INTERVAL: '120' } });
    url = await t.listen();
  });
  afterAll(() => t.close());

  it('boot, status, authorize, start, meter values, stop: stores station data, statuses, the transaction, its series and events', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'SESSION-01' });
    const client = stationClient(url, 'SESSION-01');
    await client.connect();
    const start = new Date(Date.now() - 60 * 60_000);

    // Act
    const boot = (await client.call('BootNotification', {
      chargePointVendor: 'Wallbox',
      chargePointModel: 'Commander 2',
      chargePointSerialNumber: 'WB-123',
      firmwareVersion: '5.1.0',
      meterType: 'EM340',
    })) as { status: string; interval: number; currentTime: string };
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing', timestamp: iso(start) });
    const auth = (await client.call('Authorize', { idTag: '04A1B2C3D4' })) as { idTagInfo: { status: string } };
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: '04A1B2C3D4',
      meterStart: 1000,
      timestamp: iso(start),
    })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging', timestamp: iso(start) });
    for (let i = 1; i <= 3; i++) {
      await client.call('MeterValues', {
        connectorId: 1,
        transactionId: started.transactionId,
        meterValue: [
          {
            timestamp: iso(new Date(start.getTime() + i * 60_000)),
            sampledValue: [
              { value: String(1000 + i * 500), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
              { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW', context: 'Sample.Periodic' },
              { value: '31.9', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
              { value: String(20 + i), measurand: 'SoC', unit: 'Percent', location: 'EV' },
            ],
          },
        ],
      });
    }
    const stop = (await client.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag: '04A1B2C3D4',
      meterStop: 9000,
      timestamp: iso(new Date(start.getTime() + 50 * 60_000)),
      reason: 'EVDisconnected',
      transactionData: [
        {
          timestamp: iso(new Date(start.getTime() + 50 * 60_000)),
          sampledValue: [{ value: '9000', measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Transaction.End' }],
        },
      ],
    })) as { idTagInfo?: { status: string } };
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    await client.close();
    await t.app.ocpp.flush();

    // Assert: answers
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBe(120);
    expect(Math.abs(Date.parse(boot.currentTime) - Date.now())).toBeLessThan(10_000);
    expect(auth.idTagInfo.status).toBe('Accepted');
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(started.transactionId).toBeGreaterThan(0);
    expect(stop.idTagInfo?.status).toBe('Accepted');

    // Assert: station and connector
    const station = await t.db.selectFrom('charge_boxes').selectAll().where('charge_box_pk', '=', pk).executeTakeFirstOrThrow();
    expect(station).toMatchObject({
      charge_point_vendor: 'Wallbox',
      charge_point_model: 'Commander 2',
      charge_point_serial_number: 'WB-123',
      fw_version: '5.1.0',
      meter_type: 'EM340',
      ocpp_protocol: 'ocpp1.6',
      registration_status: 'Accepted',
    });
    expect(station.last_heartbeat_timestamp).not.toBeNull();
    const connector = await t.db
      .selectFrom('connectors')
      .selectAll()
      .where('charge_box_pk', '=', pk)
      .where('connector_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(connector.last_status).toBe('Available');
    const history = await t.db
      .selectFrom('connector_status_history')
      .select('status')
      .where('connector_pk', '=', connector.connector_pk)
      .orderBy('connector_status_pk')
      .execute();
    expect(history.map((h) => h.status)).toEqual(['Preparing', 'Charging', 'Available']);

    // Assert: transaction
    const tx = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('transaction_pk', '=', started.transactionId)
      .executeTakeFirstOrThrow();
    const marcos = await t.db.selectFrom('users').select('user_pk').where('email', '=', 'motorista@move.com.br').executeTakeFirstOrThrow();
    expect(tx).toMatchObject({
      charge_box_pk: pk,
      connector_pk: connector.connector_pk,
      id_tag: '04A1B2C3D4',
      user_pk: marcos.user_pk,
      start_value_wh: 1000,
      stop_value_wh: 9000,
      energy_wh: 8000,
      stop_reason: 'EVDisconnected',
      stop_event_actor: 'station',
    });
    expect(tx.stop_timestamp?.toISOString()).toBe(new Date(start.getTime() + 50 * 60_000).toISOString());

    // Assert: meter series per measurand
    const series = await t.db
      .selectFrom('meter_values')
      .select(['measurand', 'value', 'unit', 'phase', 'location', 'value_timestamp'])
      .where('transaction_pk', '=', started.transactionId)
      .orderBy('measurand')
      .orderBy('value_timestamp')
      .execute();
    const energy = series.filter((s) => s.measurand === 'Energy.Active.Import.Register').map((s) => s.value);
    expect(energy).toEqual([1500, 2000, 2500, 9000]);
    expect(series.filter((s) => s.measurand === 'Power.Active.Import').map((s) => s.value)).toEqual([7.2, 7.2, 7.2]);
    expect(series.find((s) => s.measurand === 'Current.Import')).toMatchObject({ phase: 'L1', unit: 'A', value: 31.9 });
    expect(series.filter((s) => s.measurand === 'SoC').map((s) => s.value)).toEqual([21, 22, 23]);

    // Assert: events (a 50-minute, 8 kWh recharge is not short)
    const events = await eventually(async () => {
      const rows = await t.db
        .selectFrom('notifications')
        .select(['type', 'transaction_pk', 'user_pk'])
        .where('charge_box_pk', '=', pk)
        .orderBy('notification_pk')
        .execute();
      return rows.some((r) => r.type === 'Disconnected') ? rows : undefined;
    });
    expect(events.map((e) => e.type)).toEqual([
      'Connected',
      'StationBooted',
      'TransactionStarted',
      'TransactionEnded',
      'Available',
      'Disconnected',
    ]);
    expect(events.find((e) => e.type === 'TransactionEnded')).toMatchObject({
      transaction_pk: started.transactionId,
      user_pk: marcos.user_pk,
    });
  });

  it('heartbeat: answers the server time and updates last_heartbeat_timestamp', async () => {
    // Arrange
    const pk = await stationPk(t, 'MOVE-SP-001');
    const client = await bootedStation(url, 'MOVE-SP-001');
    await t.db
      .updateTable('charge_boxes')
      .set({ last_heartbeat_timestamp: new Date('2020-01-01T00:00:00Z') })
      .where('charge_box_pk', '=', pk)
      .execute();

    // Act
    const answer = (await client.call('Heartbeat', {})) as { currentTime: string };

    // Assert
    const row = await t.db
      .selectFrom('charge_boxes')
      .select('last_heartbeat_timestamp')
      .where('charge_box_pk', '=', pk)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(answer.currentTime) - Date.now())).toBeLessThan(5000);
    expect(row.last_heartbeat_timestamp!.getTime()).toBeGreaterThan(Date.now() - 5000);
    await client.close();
  });

  it('status notification for a connector the station was not set up with: creates the connector row', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'SESSION-02', connectors: 1 });
    const client = await bootedStation(url, 'SESSION-02');

    // Act
    await client.call('StatusNotification', {
      connectorId: 3,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      info: 'RCD tripped',
      vendorErrorCode: 'E42',
    });
    await client.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' });

    // Assert
    const rows = await t.db
      .selectFrom('connectors')
      .select(['connector_id', 'last_status', 'last_error_code', 'last_error_info', 'last_vendor_error_code'])
      .where('charge_box_pk', '=', pk)
      .orderBy('connector_id')
      .execute();
    expect(rows.map((r) => r.connector_id)).toEqual([0, 1, 3]);
    expect(rows[2]).toMatchObject({
      last_status: 'Faulted',
      last_error_code: 'GroundFailure',
      last_error_info: 'RCD tripped',
      last_vendor_error_code: 'E42',
    });
    const failure = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('charge_box_pk', '=', pk)
      .where('type', '=', 'Failure')
      .executeTakeFirstOrThrow();
    expect(failure).toMatchObject({ connector_id: 3, connector_error_code: 'GroundFailure', connector_error_msg: 'RCD tripped' });
    await client.close();
  });

  it('a short recharge (2 minutes, 50 Wh): records a Warning for the transaction', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'SESSION-03' });
    const client = await bootedStation(url, 'SESSION-03');
    const start = new Date(Date.now() - 10 * 60_000);
    const transactionId = await startAt(client, 2, start);

    // Act
    await client.call('StopTransaction', {
      transactionId,
      meterStop: 50,
      timestamp: iso(new Date(start.getTime() + 2 * 60_000)),
      reason: 'Local',
    });

    // Assert
    const warnings = await t.db
      .selectFrom('notifications')
      .select(['type', 'transaction_pk', 'connector_id'])
      .where('charge_box_pk', '=', pk)
      .where('type', '=', 'Warning')
      .execute();
    expect(warnings).toEqual([{ type: 'Warning', transaction_pk: transactionId, connector_id: 2 }]);
    await client.close();
  });

  it('a stop without a reason: stored as Local, the reason OCPP 1.6 says an omitted one is', async () => {
    await aStation(t, { id: 'SESSION-05' });
    const client = await bootedStation(url, 'SESSION-05');
    const start = new Date(Date.now() - 30 * 60_000);
    const transactionId = await startAt(client, 1, start);
    await client.call('StopTransaction', { transactionId, meterStop: 4000, timestamp: iso() });
    const tx = await t.db
      .selectFrom('transactions')
      .select(['stop_reason', 'stop_event_actor'])
      .where('transaction_pk', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ stop_reason: 'Local', stop_event_actor: 'station' });
    await client.close();
  });

  it('meter values for a transaction after its stop: kept apart on the connector and flagged with the transaction; a late one stamped before the stop still counts', async () => {
    await aStation(t, { id: 'SESSION-06' });
    const client = await bootedStation(url, 'SESSION-06');
    const start = new Date(Date.now() - 30 * 60_000);
    const stopAt = new Date(start.getTime() + 20 * 60_000);
    const transactionId = await startAt(client, 1, start);
    await client.call('StopTransaction', { transactionId, meterStop: 5000, timestamp: iso(stopAt), reason: 'Local' });
    const sample = (at: Date, wh: number) => ({ timestamp: iso(at), sampledValue: [{ value: String(wh), unit: 'Wh' }] });
    // Sent after the stop: one reading taken during the recharge (the station was offline), two after it.
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [sample(new Date(stopAt.getTime() - 60_000), 4800), sample(new Date(stopAt.getTime() + 60_000), 5200)],
    });
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: [sample(new Date(stopAt.getTime() + 120_000), 5400)] });
    await t.app.ocpp.flush();
    const rows = await t.db
      .selectFrom('meter_values as mv')
      .innerJoin('connectors as c', 'c.connector_pk', 'mv.connector_pk')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'c.charge_box_pk')
      .select(['mv.value', 'mv.transaction_pk', 'mv.after_stop_transaction_pk'])
      .where('cb.charge_box_id', '=', 'SESSION-06')
      .orderBy('mv.value_timestamp')
      .execute();
    expect(rows.map((r) => ({ ...r, value: Number(r.value) }))).toEqual([
      { value: 4800, transaction_pk: transactionId, after_stop_transaction_pk: null },
      { value: 5200, transaction_pk: null, after_stop_transaction_pk: transactionId },
      { value: 5400, transaction_pk: null, after_stop_transaction_pk: transactionId },
    ]);
    const tx = await t.db
      .selectFrom('transactions')
      .select('energy_wh')
      .where('transaction_pk', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(Number(tx.energy_wh)).toBe(5000);
    await client.close();
  });

  it('data transfer, diagnostics and firmware status: stored and acknowledged', async () => {
    // Arrange
    const pk = await aStation(t, { id: 'SESSION-04' });
    const client = await bootedStation(url, 'SESSION-04');

    // Act
    const dt = (await client.call('DataTransfer', { vendorId: 'com.wallbox', messageId: 'lock', data: '{"locked":true}' })) as {
      status: string;
    };
    const diag = await client.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    const fw = await client.call('FirmwareStatusNotification', { status: 'Installing' });

    // Assert
    expect(dt.status).toBe('Accepted');
    expect(diag).toEqual({});
    expect(fw).toEqual({});
    const station = await t.db
      .selectFrom('charge_boxes')
      .select(['diagnostics_status', 'firmware_status', 'diagnostics_timestamp'])
      .where('charge_box_pk', '=', pk)
      .executeTakeFirstOrThrow();
    expect(station).toMatchObject({ diagnostics_status: 'Uploaded', firmware_status: 'Installing' });
    // The station's card shows the last status of each and when it came (not only the tenant log).
    const admin = await loginAs(t.app, demo.admin);
    const listed = await t.app.inject({ method: 'GET', url: '/api/chargepoints/?page=1&searchInput=SESSION-04', headers: bearer(admin) });
    const item = listed.json().chargePointList.find((x: { chargeBoxId: string }) => x.chargeBoxId === 'SESSION-04');
    expect(item).toMatchObject({ firmwareStatus: 'Installing', diagnosticsStatus: 'Uploaded' });
    expect(Date.parse(item.firmwareStatusTimestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(item.diagnosticsStatusTimestamp)).toBeLessThanOrEqual(Date.parse(item.firmwareStatusTimestamp));
    const stored = await t.db
      .selectFrom('data_transfers')
      .select(['vendor_id', 'message_id', 'data'])
      .where('charge_box_pk', '=', pk)
      .execute();
    expect(stored).toEqual([{ vendor_id: 'com.wallbox', message_id: 'lock', data: '{"locked":true}' }]);
    await client.close();
  });
});
