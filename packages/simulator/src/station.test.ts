import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ElectricVehicle } from './electric-vehicle';
import type { MeterValue } from '@recarga/contracts/ocpp';
import { SimulatedStation, type SimulatedStationOptions } from './station';
import { TestCentralSystem, type ReceivedCall } from './test-central-system';

let cs: TestCentralSystem;
const stations: SimulatedStation[] = [];

beforeEach(async () => {
  cs = await TestCentralSystem.start({ heartbeatInterval: 1 });
});

afterEach(async () => {
  await Promise.all(stations.splice(0).map((s) => s.stop({ timeoutMs: 1000 })));
  await cs.close();
});

function aStation(overrides: Partial<SimulatedStationOptions> = {}): SimulatedStation {
  const station = new SimulatedStation({
    url: cs.url,
    chargeBoxId: `SIM-${stations.length + 1}`,
    connectors: 2,
    meterIntervalSec: 0.3,
    operationDelayMs: 50,
    seed: 42,
    ...overrides,
  });
  stations.push(station);
  return station;
}

/**
 * Cars that follow the offered current within a tenth of a second, for tests about the protocol
 * rather than the ramp (current-ramp.test.ts and the ramp tests below cover a real car's ramp).
 */
const QUICK_RAMP = { riseAPerSec: 1000, fallAPerSec: 1000 };

/** A car that takes 22 kW and has a tiny battery, so SoC rises by whole percents between samples. */
const fastCar = () => new ElectricVehicle({ capacityWh: 100, socPercent: 10, maxPowerW: 22_000, ramp: QUICK_RAMP });

function sample(mv: MeterValue, measurand: string): number {
  const v = mv.sampledValue.find((s) => s.measurand === measurand);
  if (!v) throw new Error(`no ${measurand} in ${JSON.stringify(mv)}`);
  return Number(v.value);
}

const meterValuesOf = (call: ReceivedCall) => (call.params.meterValue as MeterValue[])[0]!;

describe('SimulatedStation boot', () => {
  it('start: when the central system accepts, sends BootNotification, Available for connectors 0..N, then heartbeats at the returned interval', async () => {
    const station = aStation({ chargeBoxId: 'BOOT-1', connectors: 3 });

    const status = await station.start();

    expect(status).toBe('Accepted');
    expect(station.state).toBe('accepted');
    const boot = await cs.waitFor('BootNotification');
    expect(boot.params).toMatchObject({ chargePointVendor: 'Recarga', chargePointModel: expect.any(String), firmwareVersion: '1.8.3' });
    const statuses = await cs.waitForCount('StatusNotification', 4);
    expect(statuses.map((s) => [s.params.connectorId, s.params.status, s.params.errorCode])).toEqual([
      [0, 'Available', 'NoError'],
      [1, 'Available', 'NoError'],
      [2, 'Available', 'NoError'],
      [3, 'Available', 'NoError'],
    ]);
    expect(station.heartbeatIntervalSec).toBe(1);
    const heartbeats = await cs.waitForCount('Heartbeat', 2, undefined, { timeoutMs: 3500 });
    expect(heartbeats[1]!.at - heartbeats[0]!.at).toBeGreaterThanOrEqual(700);
  });

  it('start: when the central system rejects the boot, reports rejected and sends no status', async () => {
    await cs.close();
    cs = await TestCentralSystem.start({ bootStatus: 'Rejected', heartbeatInterval: 60 });
    const station = aStation();

    const status = await station.start();

    expect(status).toBe('Rejected');
    expect(station.state).toBe('rejected');
    expect(cs.calls('StatusNotification')).toHaveLength(0);
    await expect(station.plugIn(1, 'TAG-1')).rejects.toThrow(/not accepted/);
  });

  it('start: with a password, sends it as HTTP Basic and is refused without it', async () => {
    await cs.close();
    cs = await TestCentralSystem.start({ password: 's3cret' });

    await expect(aStation({ chargeBoxId: 'PW-1' }).start()).rejects.toThrow();
    expect(await aStation({ chargeBoxId: 'PW-2', password: 's3cret' }).start()).toBe('Accepted');
  });

  it('stop: while a session runs, ends it with StopTransaction and closes the socket', async () => {
    const station = aStation({ chargeBoxId: 'STOP-1' });
    await station.start();
    const { transactionId } = (await station.plugIn(1, 'TAG-1', { vehicle: fastCar() })) as { transactionId: number };

    await station.stop();

    expect(cs.calls('StopTransaction')[0]!.params).toMatchObject({ transactionId, reason: 'Other' });
    expect(station.state).toBe('stopped');
    await new Promise((r) => setTimeout(r, 50));
    expect(cs.isConnected('STOP-1')).toBe(false);
  });
});

describe('SimulatedStation sessions', () => {
  it('plugIn then unplug: Authorize, Preparing, StartTransaction, Charging, monotonic meter values with rising SoC, StopTransaction with transactionData, Finishing, Available', async () => {
    // 0.5 s at ~22 kW: ~3 Wh (3 % of the toy battery) per sample.
    const station = aStation({ chargeBoxId: 'SESSION-1', meterIntervalSec: 0.5 });
    await station.start();
    const since = cs.mark();

    const result = await station.plugIn(1, 'TAG-1', { vehicle: fastCar() });
    expect(result).toEqual({ accepted: true, transactionId: expect.any(Number) });
    const transactionId = (result as { transactionId: number }).transactionId;
    const samples = await cs.waitForCount('MeterValues', 4, (c) => c.params.transactionId === transactionId, { since });
    const stop = await station.unplug(1);

    const sequence = cs.received
      .slice(since)
      .filter((c) => c.action !== 'MeterValues' && c.action !== 'Heartbeat')
      .map((c) => (c.action === 'StatusNotification' ? `${c.action}:${c.params.status}` : c.action));
    expect(sequence).toEqual([
      'Authorize',
      'StatusNotification:Preparing',
      'StartTransaction',
      'StatusNotification:Charging',
      'StopTransaction',
      'StatusNotification:Finishing',
      'StatusNotification:Available',
    ]);
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });

    const start = cs.calls('StartTransaction', 'SESSION-1')[0]!.params;
    const energies = samples.map((c) => sample(meterValuesOf(c), 'Energy.Active.Import.Register'));
    const socs = samples.map((c) => sample(meterValuesOf(c), 'SoC'));
    expect(energies[0]).toBeGreaterThanOrEqual(start.meterStart as number);
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1]!);
    for (let i = 1; i < socs.length; i++) expect(socs[i]).toBeGreaterThan(socs[i - 1]!);
    for (const c of samples) {
      const mv = meterValuesOf(c);
      expect(sample(mv, 'Power.Active.Import')).toBeGreaterThan(20_000);
      expect(sample(mv, 'Power.Active.Import')).toBeLessThanOrEqual(22_000);
      expect(sample(mv, 'Voltage')).toBeCloseTo(230, -1);
      expect(sample(mv, 'Current.Import')).toBeGreaterThan(28);
    }

    const stopTx = cs.calls('StopTransaction', 'SESSION-1')[0]!.params;
    expect(stopTx).toMatchObject({ transactionId, idTag: 'TAG-1', reason: 'EVDisconnected' });
    expect(stopTx.meterStop as number).toBeGreaterThanOrEqual(energies[energies.length - 1]!);
    const data = stopTx.transactionData as MeterValue[];
    expect(data[0]!.sampledValue[0]).toMatchObject({ context: 'Transaction.Begin', value: String(start.meterStart) });
    expect(data[data.length - 1]!.sampledValue[0]).toMatchObject({ context: 'Transaction.End', value: String(stopTx.meterStop) });
    expect(station.transactions).toEqual([]);
  });

  it('plugIn: when the tag is refused by Authorize, does not start a transaction', async () => {
    const station = aStation();
    await station.start();

    const result = await station.plugIn(1, 'BAD-TAG');

    expect(result).toEqual({ accepted: false, reason: 'Invalid' });
    expect(cs.calls('StartTransaction')).toHaveLength(0);
    expect(station.connector(1).status).toBe('Available');
  });

  it('plugIn: on a connector with a session, throws', async () => {
    const station = aStation();
    await station.start();
    await station.plugIn(1, 'TAG-1');

    await expect(station.plugIn(1, 'TAG-2')).rejects.toThrow(/busy/);
  });

  it('fault: during a session, stops the transaction and reports Faulted; clearFault makes it Available', async () => {
    const station = aStation({ chargeBoxId: 'FAULT-1' });
    await station.start();
    await station.plugIn(2, 'TAG-1');
    const since = cs.mark();

    await station.fault(2, 'GroundFailure');

    expect(cs.calls('StopTransaction', 'FAULT-1', since)[0]!.params.reason).toBe('Other');
    expect(cs.calls('StatusNotification', 'FAULT-1', since).map((c) => [c.params.status, c.params.errorCode])).toEqual([
      ['Faulted', 'GroundFailure'],
    ]);
    await station.clearFault(2);
    expect(cs.calls('StatusNotification', 'FAULT-1').at(-1)!.params).toMatchObject({ connectorId: 2, status: 'Available' });
  });
});

describe('SimulatedStation remote commands (OCPP 1.6)', () => {
  it('RemoteStartTransaction: answers Accepted and starts a session on that connector with that tag; a second one on the busy connector is Rejected', async () => {
    const station = aStation({ chargeBoxId: 'REMOTE-1' });
    await station.start();

    const answer = await cs.command('REMOTE-1', 'RemoteStartTransaction', { connectorId: 2, idTag: 'TAG-R' });
    expect(answer).toEqual({ status: 'Accepted' });
    const start = await cs.waitFor('StartTransaction', (c) => c.chargeBoxId === 'REMOTE-1');
    expect(start.params).toMatchObject({ connectorId: 2, idTag: 'TAG-R' });
    await cs.waitFor('StatusNotification', (c) => c.params.connectorId === 2 && c.params.status === 'Charging');
    expect(station.transactions).toMatchObject([{ connectorId: 2, idTag: 'TAG-R' }]);

    expect(await cs.command('REMOTE-1', 'RemoteStartTransaction', { connectorId: 2, idTag: 'TAG-S' })).toEqual({ status: 'Rejected' });
  });

  it('RemoteStartTransaction: without a connector id, takes the first free connector', async () => {
    const station = aStation({ chargeBoxId: 'REMOTE-2' });
    await station.start();
    await station.plugIn(1, 'TAG-1');

    expect(await cs.command('REMOTE-2', 'RemoteStartTransaction', { idTag: 'TAG-R' })).toEqual({ status: 'Accepted' });

    const start = await cs.waitFor('StartTransaction', (c) => c.params.idTag === 'TAG-R');
    expect(start.params.connectorId).toBe(2);
  });

  it('RemoteStopTransaction: stops the matching transaction with reason Remote; an unknown id is Rejected', async () => {
    const station = aStation({ chargeBoxId: 'REMOTE-3' });
    await station.start();
    const { transactionId } = (await station.plugIn(1, 'TAG-1')) as { transactionId: number };

    expect(await cs.command('REMOTE-3', 'RemoteStopTransaction', { transactionId: 999_999 })).toEqual({ status: 'Rejected' });
    expect(await cs.command('REMOTE-3', 'RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });

    const stop = await cs.waitFor('StopTransaction');
    expect(stop.params).toMatchObject({ transactionId, reason: 'Remote' });
    await cs.waitFor('StatusNotification', (c) => c.params.connectorId === 1 && c.params.status === 'Available', {
      since: cs.received.indexOf(stop),
    });
    expect(station.transactions).toEqual([]);
  });

  it('SetChargingProfile: a 10 A TxDefaultProfile lowers the reported power to at most 6900 W; clearing it restores full power', async () => {
    const station = aStation({ chargeBoxId: 'PROFILE-1' });
    await station.start();
    const { transactionId } = (await station.plugIn(1, 'TAG-1', {
      vehicle: new ElectricVehicle({ capacityWh: 80_000, socPercent: 20, maxPowerW: 22_000, ramp: QUICK_RAMP }),
    })) as { transactionId: number };
    const before = await cs.waitFor('MeterValues', (c) => c.params.transactionId === transactionId);
    expect(sample(meterValuesOf(before), 'Power.Active.Import')).toBeGreaterThan(20_000);

    const answer = await cs.command('PROFILE-1', 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 7,
        stackLevel: 1,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] },
      },
    });
    expect(answer).toEqual({ status: 'Accepted' });
    expect(station.powerLimitW(1)).toBe(6900);
    const since = cs.mark();
    const limited = await cs.waitForCount('MeterValues', 2, (c) => c.params.transactionId === transactionId, { since });
    for (const c of limited) {
      expect(sample(meterValuesOf(c), 'Power.Active.Import')).toBeLessThanOrEqual(6900);
      expect(sample(meterValuesOf(c), 'Power.Active.Import')).toBeGreaterThan(6500);
    }

    expect(await cs.command('PROFILE-1', 'ClearChargingProfile', { id: 7 })).toEqual({ status: 'Accepted' });
    expect(await cs.command('PROFILE-1', 'ClearChargingProfile', { id: 7 })).toEqual({ status: 'Unknown' });
    const after = await cs.waitFor('MeterValues', (c) => c.params.transactionId === transactionId, { since: cs.mark() });
    expect(sample(meterValuesOf(after), 'Power.Active.Import')).toBeGreaterThan(20_000);
  });

  it('SetChargingProfile: a TxProfile without a transaction on the connector is Rejected', async () => {
    aStation({ chargeBoxId: 'PROFILE-2' });
    await stations[0]!.start();

    const answer = await cs.command('PROFILE-2', 'SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 3000 }] },
      },
    });

    expect(answer).toEqual({ status: 'Rejected' });
  });

  it('GetCompositeSchedule: reports the installed limit in the requested unit', async () => {
    const station = aStation({ chargeBoxId: 'PROFILE-3' });
    await station.start();
    await cs.command('PROFILE-3', 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 3,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 13_800 }] },
      },
    });

    const answer = await cs.command<{ status: string; chargingSchedule: { chargingSchedulePeriod: unknown[] } }>(
      'PROFILE-3',
      'GetCompositeSchedule',
      {
        connectorId: 0,
        duration: 3600,
        chargingRateUnit: 'A',
      },
    );

    expect(answer.status).toBe('Accepted');
    expect(answer.chargingSchedule.chargingSchedulePeriod).toEqual([{ startPeriod: 0, limit: 20, numberPhases: 3 }]);
  });

  it('GetConfiguration: answers every key with readonly flags, the asked keys, and unknownKey for unknown ones', async () => {
    aStation({ chargeBoxId: 'CONF-1', connectors: 2 });
    await stations[0]!.start();

    const all = await cs.command<{ configurationKey: Array<{ key: string; readonly: boolean; value: string }> }>(
      'CONF-1',
      'GetConfiguration',
      {},
    );
    const keys = Object.fromEntries(all.configurationKey.map((k) => [k.key, k]));
    expect(keys.HeartbeatInterval).toEqual({ key: 'HeartbeatInterval', readonly: false, value: '1' });
    expect(keys.NumberOfConnectors).toEqual({ key: 'NumberOfConnectors', readonly: true, value: '2' });
    expect(keys.MeterValuesSampledData!.value).toContain('Energy.Active.Import.Register');
    expect(keys.AuthorizeRemoteTxRequests).toBeDefined();
    expect(keys.SupportedFeatureProfiles!.value).toContain('SmartCharging');

    const some = await cs.command('CONF-1', 'GetConfiguration', { key: ['MeterValueSampleInterval', 'NoSuchKey'] });
    expect(some).toEqual({
      configurationKey: [{ key: 'MeterValueSampleInterval', readonly: false, value: '0' }],
      unknownKey: ['NoSuchKey'],
    });
  });

  it('ChangeConfiguration: applies MeterValueSampleInterval live; read-only keys are Rejected, bad values Rejected, unknown keys NotSupported', async () => {
    const station = aStation({ chargeBoxId: 'CONF-2', meterIntervalSec: 60 });
    await station.start();
    const { transactionId } = (await station.plugIn(1, 'TAG-1')) as { transactionId: number };

    expect(await cs.command('CONF-2', 'ChangeConfiguration', { key: 'NumberOfConnectors', value: '4' })).toEqual({ status: 'Rejected' });
    expect(await cs.command('CONF-2', 'ChangeConfiguration', { key: 'HeartbeatInterval', value: 'soon' })).toEqual({ status: 'Rejected' });
    expect(await cs.command('CONF-2', 'ChangeConfiguration', { key: 'Colour', value: 'red' })).toEqual({ status: 'NotSupported' });
    expect(await cs.command('CONF-2', 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '1' })).toEqual({
      status: 'Accepted',
    });

    const since = cs.mark();
    const [first, second] = await cs.waitForCount('MeterValues', 2, (c) => c.params.transactionId === transactionId, {
      since,
      timeoutMs: 3500,
    });
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(800);
    expect(second!.at - first!.at).toBeLessThan(1900);
  });

  it('TriggerMessage: sends the requested message after accepting; an unknown connector is Rejected', async () => {
    const station = aStation({ chargeBoxId: 'TRIGGER-1' });
    await station.start();
    await station.plugIn(1, 'TAG-1');
    let since = cs.mark();

    expect(await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    expect((await cs.waitFor('StatusNotification', undefined, { since })).params).toMatchObject({ connectorId: 1, status: 'Charging' });

    since = cs.mark();
    expect(await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    const mv = await cs.waitFor('MeterValues', (c) => meterValuesOf(c).sampledValue[0]!.context === 'Trigger', { since });
    expect(mv.params.connectorId).toBe(1);

    since = cs.mark();
    await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'BootNotification' });
    await cs.waitFor('BootNotification', undefined, { since });
    await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'FirmwareStatusNotification' });
    expect((await cs.waitFor('FirmwareStatusNotification', undefined, { since })).params).toEqual({ status: 'Idle' });
    await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'DiagnosticsStatusNotification' });
    expect((await cs.waitFor('DiagnosticsStatusNotification', undefined, { since })).params).toEqual({ status: 'Idle' });

    expect(await cs.command('TRIGGER-1', 'TriggerMessage', { requestedMessage: 'Heartbeat', connectorId: 9 })).toEqual({
      status: 'Rejected',
    });
    expect(station.transactions).toHaveLength(1);
  });

  it('Reset: during a session, stops it with reason SoftReset, reconnects and boots again', async () => {
    const station = aStation({ chargeBoxId: 'RESET-1' });
    await station.start();
    const { transactionId } = (await station.plugIn(1, 'TAG-1')) as { transactionId: number };
    const since = cs.mark();

    expect(await cs.command('RESET-1', 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });

    expect((await cs.waitFor('StopTransaction', undefined, { since })).params).toMatchObject({ transactionId, reason: 'SoftReset' });
    const boot = await cs.waitFor('BootNotification', undefined, { since });
    const afterBoot = await cs.waitForCount('StatusNotification', 3, undefined, { since: cs.received.indexOf(boot) });
    expect(afterBoot.map((c) => [c.params.connectorId, c.params.status])).toEqual([
      [0, 'Available'],
      [1, 'Available'],
      [2, 'Available'],
    ]);
    expect(station.bootCount).toBe(2);
    expect(station.state).toBe('accepted');
    expect(station.transactions).toEqual([]);
  });

  it('ChangeAvailability: Inoperative makes an idle connector Unavailable; on a connector with a session it is Scheduled and applies when the session ends', async () => {
    const station = aStation({ chargeBoxId: 'AVAIL-1' });
    await station.start();
    await station.plugIn(2, 'TAG-1');

    expect(await cs.command('AVAIL-1', 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({ status: 'Accepted' });
    await cs.waitFor('StatusNotification', (c) => c.params.connectorId === 1 && c.params.status === 'Unavailable');
    await expect(station.plugIn(1, 'TAG-2')).rejects.toThrow(/unavailable/);

    expect(await cs.command('AVAIL-1', 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({ status: 'Scheduled' });
    await station.unplug(2);
    expect(cs.calls('StatusNotification', 'AVAIL-1').at(-1)!.params).toMatchObject({ connectorId: 2, status: 'Unavailable' });

    const since = cs.mark();
    expect(await cs.command('AVAIL-1', 'ChangeAvailability', { connectorId: 1, type: 'Operative' })).toEqual({ status: 'Accepted' });
    await cs.waitFor('StatusNotification', (c) => c.params.connectorId === 1 && c.params.status === 'Available', { since });
  });

  it('UnlockConnector: answers Unlocked and stops the session with reason UnlockCommand; connector 0 is NotSupported', async () => {
    const station = aStation({ chargeBoxId: 'UNLOCK-1' });
    await station.start();
    await station.plugIn(1, 'TAG-1');

    expect(await cs.command('UNLOCK-1', 'UnlockConnector', { connectorId: 0 })).toEqual({ status: 'NotSupported' });
    expect(await cs.command('UNLOCK-1', 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect((await cs.waitFor('StopTransaction')).params.reason).toBe('UnlockCommand');
  });

  it('GetDiagnostics: returns a file name, then reports Uploading and Uploaded', async () => {
    aStation({ chargeBoxId: 'DIAG-1' });
    await stations[0]!.start();

    const answer = await cs.command<{ fileName: string }>('DIAG-1', 'GetDiagnostics', { location: 'ftp://logs.example.com/upload/' });

    expect(answer.fileName).toMatch(/^DIAG-1-diagnostics-\d{8}T\d{6}\.log$/);
    const notes = await cs.waitForCount('DiagnosticsStatusNotification', 2);
    expect(notes.map((n) => n.params.status)).toEqual(['Uploading', 'Uploaded']);
  });

  it('UpdateFirmware: reports Downloading, Downloaded, Installing, reboots with the new version, then Installed', async () => {
    const station = aStation({ chargeBoxId: 'FW-1' });
    await station.start();

    expect(
      await cs.command('FW-1', 'UpdateFirmware', {
        location: 'https://fw.example.com/rc-ac22-2.0.1.bin',
        retrieveDate: new Date().toISOString(),
      }),
    ).toEqual({});

    const notes = await cs.waitForCount('FirmwareStatusNotification', 4);
    expect(notes.map((n) => n.params.status)).toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
    const boots = cs.calls('BootNotification', 'FW-1');
    expect(boots).toHaveLength(2);
    expect(boots[1]!.params.firmwareVersion).toBe('2.0.1');
    expect(cs.received.indexOf(boots[1]!)).toBeLessThan(cs.received.indexOf(notes[3]!));
    expect(station.firmwareVersion).toBe('2.0.1');
  });

  it('ReserveNow: the connector turns Reserved, refuses other tags, and the reserved tag starts with the reservation id', async () => {
    const station = aStation({ chargeBoxId: 'RESERVE-1' });
    await station.start();

    const answer = await cs.command('RESERVE-1', 'ReserveNow', {
      connectorId: 1,
      expiryDate: new Date(Date.now() + 60_000).toISOString(),
      idTag: 'TAG-RES',
      reservationId: 55,
    });
    expect(answer).toEqual({ status: 'Accepted' });
    await cs.waitFor('StatusNotification', (c) => c.params.connectorId === 1 && c.params.status === 'Reserved');

    expect(await station.plugIn(1, 'TAG-OTHER')).toEqual({ accepted: false, reason: 'Reserved' });
    expect((await station.plugIn(1, 'TAG-RES')).accepted).toBe(true);
    expect(cs.calls('StartTransaction', 'RESERVE-1')[0]!.params).toMatchObject({ idTag: 'TAG-RES', reservationId: 55 });
  });

  it('DataTransfer, ClearCache, SendLocalList, GetLocalListVersion: answer as a 1.6 charge point does', async () => {
    aStation({ chargeBoxId: 'MISC-1' });
    await stations[0]!.start();

    expect(await cs.command('MISC-1', 'DataTransfer', { vendorId: 'Other' })).toEqual({ status: 'UnknownVendorId' });
    expect(await cs.command('MISC-1', 'DataTransfer', { vendorId: 'Recarga', data: 'x' })).toEqual({ status: 'Accepted', data: 'x' });
    expect(await cs.command('MISC-1', 'ClearCache')).toEqual({ status: 'Accepted' });
    expect(await cs.command('MISC-1', 'GetLocalListVersion')).toEqual({ listVersion: 0 });
    expect(
      await cs.command('MISC-1', 'SendLocalList', {
        listVersion: 3,
        updateType: 'Full',
        localAuthorizationList: [{ idTag: 'A', idTagInfo: { status: 'Accepted' } }],
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await cs.command('MISC-1', 'GetLocalListVersion')).toEqual({ listVersion: 3 });
    expect(await cs.command('MISC-1', 'SendLocalList', { listVersion: 2, updateType: 'Differential' })).toEqual({
      status: 'VersionMismatch',
    });
  });
});

describe('SimulatedStation speaking OCPP 1.5', () => {
  it('boot and session: 1.5 messages pass the 1.5 schemas; Occupied replaces Preparing/Charging; MeterValues use values; StopTransaction has no reason', async () => {
    const station = aStation({ chargeBoxId: 'V15-1', protocol: 'ocpp1.5' });

    expect(await station.start()).toBe('Accepted');
    expect(station.heartbeatIntervalSec).toBe(1);
    const since = cs.mark();
    const { transactionId } = (await station.plugIn(1, 'TAG-1', { vehicle: fastCar() })) as { transactionId: number };
    const mv = await cs.waitFor('MeterValues', (c) => c.params.transactionId === transactionId);
    await station.unplug(1);

    expect(cs.received.every((c) => c.protocol === 'ocpp1.5')).toBe(true);
    const statuses = cs.calls('StatusNotification', 'V15-1', since).map((c) => c.params.status);
    expect(statuses).toEqual(['Occupied', 'Available']);
    const values = mv.params.values as Array<{ timestamp: string; value: Array<{ measurand: string; unit?: string; value: string }> }>;
    expect(values[0]!.value.map((v) => v.measurand)).toEqual([
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'Current.Import',
      'Voltage',
    ]);
    expect(values[0]!.value.find((v) => v.measurand === 'Current.Import')!.unit).toBe('Amp');
    const stop = cs.calls('StopTransaction', 'V15-1')[0]!.params;
    expect(stop).not.toHaveProperty('reason');
    expect(stop.transactionData).toEqual([{ values: expect.any(Array) }]);
  });

  it('remote commands: RemoteStart, UnlockConnector (Accepted), GetConfiguration with HeartBeatInterval; TriggerMessage is not implemented', async () => {
    const station = aStation({ chargeBoxId: 'V15-2', protocol: 'ocpp1.5' });
    await station.start();

    expect(await cs.command('V15-2', 'RemoteStartTransaction', { idTag: 'TAG-R', connectorId: 1 })).toEqual({ status: 'Accepted' });
    await cs.waitFor('StartTransaction', (c) => c.chargeBoxId === 'V15-2');
    expect(await cs.command('V15-2', 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Accepted' });
    await cs.waitFor('StopTransaction', (c) => c.chargeBoxId === 'V15-2');
    const conf = await cs.command('V15-2', 'GetConfiguration', { key: ['HeartBeatInterval'] });
    expect(conf).toEqual({ configurationKey: [{ key: 'HeartBeatInterval', readonly: false, value: '1' }], unknownKey: [] });
    await expect(cs.command('V15-2', 'TriggerMessage', { requestedMessage: 'Heartbeat' })).rejects.toThrow();
    expect(station.state).toBe('accepted');
  });
});

describe('SimulatedStation automatic sessions', () => {
  it('autoSessions: with the same seed, two stations run the same sequence of tags on each connector', async () => {
    const auto = { meanIdleSec: 0.05, meanSessionSec: 0.15, shortSessionProbability: 0.2, faultProbability: 0 };
    const idTags = ['T-A', 'T-B', 'T-C', 'T-D', 'T-E'];
    const a = aStation({ chargeBoxId: 'AUTO-A', autoSessions: auto, idTags, seed: 7 });
    const b = aStation({ chargeBoxId: 'AUTO-B', autoSessions: auto, idTags, seed: 7 });
    await Promise.all([a.start(), b.start()]);

    const count = 4;
    await cs.waitForCount('StartTransaction', count, (c) => c.chargeBoxId === 'AUTO-A' && c.params.connectorId === 1, {
      timeoutMs: 10_000,
    });
    await cs.waitForCount('StartTransaction', count, (c) => c.chargeBoxId === 'AUTO-B' && c.params.connectorId === 1, {
      timeoutMs: 10_000,
    });

    const tags = (id: string) =>
      cs
        .calls('StartTransaction', id)
        .filter((c) => c.params.connectorId === 1)
        .slice(0, count)
        .map((c) => c.params.idTag);
    expect(tags('AUTO-A')).toEqual(tags('AUTO-B'));
    expect(new Set(tags('AUTO-A')).size).toBeGreaterThan(1);
    expect(cs.calls('StopTransaction', 'AUTO-A').length).toBeGreaterThan(0);
  });
});

describe('SimulatedStation charging current (cars ramp; the clock is frozen and moved by hand)', () => {
  const T0 = Date.parse('2026-11-25T12:00:00Z');
  /** A car whose on-board charger takes 32 A on three phases of 230 V, with the default ramp (climb 4 A/s, shed 32 A/s). */
  const car32A = () => new ElectricVehicle({ capacityWh: 80_000, socPercent: 20, maxPowerW: 32 * 690 });
  const at = (ms: number) => vi.setSystemTime(T0 + ms);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function limitTo(chargeBoxId: string, amperes: number) {
    return cs.command(chargeBoxId, 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: amperes }] },
      },
    });
  }

  async function charging(chargeBoxId: string, limitA: number, options: Partial<SimulatedStationOptions> = {}) {
    // A 32 A connector (22.08 kW), so the car and the connector agree on the top current.
    const station = aStation({ chargeBoxId, connectors: 1, powerKw: 22.08, meterIntervalSec: 60, ...options });
    await station.start();
    expect(await limitTo(chargeBoxId, limitA)).toEqual({ status: 'Accepted' });
    await station.plugIn(1, 'TAG-1', { vehicle: car32A() });
    at(20_000); // long enough to settle at any limit
    return station;
  }

  it("limit 32 -> 16 A: sheds 8 A in the first 0.25 s and draws half as much (16 A less the charger's margin) within 1 s", async () => {
    const station = await charging('RAMP-DOWN', 32);
    const before = station.connector(1).currentA;
    expect(before).toBeGreaterThanOrEqual(32 * 0.97);
    expect(before).toBeLessThanOrEqual(32);

    await limitTo('RAMP-DOWN', 16);
    at(20_250);
    expect(station.connector(1).currentA).toBeCloseTo(before - 8, 9);
    at(21_000);

    expect(station.connector(1).currentA).toBeCloseTo(before / 2, 9);
    expect(station.connector(1).currentA).toBeLessThanOrEqual(16);
  });

  it('limit 6 -> 32 A: climbs 4 A a second (8 A more after 2 s) and settles at 32 A less the margin after 6.5 s', async () => {
    const station = await charging('RAMP-UP', 6);
    const before = station.connector(1).currentA;
    expect(before).toBeGreaterThanOrEqual(6 * 0.97);
    expect(before).toBeLessThanOrEqual(6);

    await limitTo('RAMP-UP', 32);
    at(22_000);
    expect(station.connector(1).currentA).toBeCloseTo(before + 8, 9);
    at(30_000);

    expect(station.connector(1).currentA).toBeCloseTo((before * 32) / 6, 9);
    expect(station.connector(1).powerW).toBe(Math.round(((before * 32) / 6) * 690));
  });

  it('limit 0 A: pauses the session (SuspendedEVSE, nothing drawn within 1 s); 16 A again resumes it at 6 A, 10 A a second later', async () => {
    const station = await charging('RAMP-PAUSE', 16);
    const since = cs.mark();

    await limitTo('RAMP-PAUSE', 0);
    await cs.waitFor('StatusNotification', (c) => c.params.status === 'SuspendedEVSE', { since });
    at(21_000);
    expect(station.connector(1)).toMatchObject({ status: 'SuspendedEVSE', currentA: 0, powerW: 0 });
    expect(station.phaseCurrentsA()).toEqual([0, 0, 0]);
    expect(station.transactions).toHaveLength(1);

    const resumed = cs.mark();
    await limitTo('RAMP-PAUSE', 16);
    await cs.waitFor('StatusNotification', (c) => c.params.status === 'Charging', { since: resumed });
    at(22_000);

    expect(station.connector(1)).toMatchObject({ status: 'Charging', currentA: 10 });
  });

  it('rejectChargingProfiles: SetChargingProfile is Rejected and the car keeps drawing at its own maximum', async () => {
    const station = await charging('RAMP-REJECT', 32, { rejectChargingProfiles: false });
    const before = station.connector(1).currentA;
    station.rejectChargingProfiles = true;

    expect(await limitTo('RAMP-REJECT', 10)).toEqual({ status: 'Rejected' });
    at(25_000);

    expect(station.connector(1).currentA).toBe(before);
    expect(station.phaseDemandA()).toEqual([before, before, before]);
  });

  it('phaseCurrentsA: a single-phase station wired to L2 loads only L2 (10 A one second into the climb)', async () => {
    const station = aStation({ chargeBoxId: 'RAMP-L2', connectors: 2, phases: 1, line: 2, powerKw: 7.4, meterIntervalSec: 60 });
    await station.start();
    await station.plugIn(1, 'TAG-1', { vehicle: new ElectricVehicle({ capacityWh: 40_000, socPercent: 20, maxPowerW: 7_400 }) });
    at(1_000);

    expect(station.phaseCurrentsA()).toEqual([0, 10, 0]);
  });
});
