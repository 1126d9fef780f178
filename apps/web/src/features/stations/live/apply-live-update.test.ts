import { describe, expect, it } from 'vitest';
import type { ChargePointListResponse } from '@recarga/contracts/stations';
import { applyChargeBoxUpdate, applyConnectorStatus, lacksConnector } from './apply-live-update';

function page(): ChargePointListResponse {
  const connector = (connectorId: number, status: string, unusualStatus: 'MAINTENANCE' | 'UNAVAILABLE' | null = null) => ({
    connectorId,
    connectorType: 'Type 2',
    connectorTypePk: 2,
    powerMax: 22000,
    powerMaxCustom: false,
    unusualStatus,
    lastStatus: { status, timestamp: '2026-01-01T00:00:00.000Z', errorCode: 'NoError' },
    statusGroup: 'available' as const,
  });
  return {
    count: 1,
    chargePointList: [
      {
        chargeBoxPk: 7,
        chargeBoxId: 'CP-7',
        description: 'Station 7',
        tenantPk: 1,
        tenantName: 'Move',
        typeOf: 'PUBLIC',
        active: true,
        address: { street: null, houseNumber: null, zipCode: null, city: null, state: null, country: 'BR' },
        chargeBoxGroupPk: null,
        chargeBoxGroupName: null,
        chargePointVendor: null,
        chargePointModel: null,
        fwVersion: null,
        uuid: 'u',
        ocppProtocol: null,
        online: false,
        lastHeartbeatTimestamp: null,
        firmwareStatus: null,
        firmwareStatusTimestamp: null,
        diagnosticsStatus: null,
        diagnosticsStatusTimestamp: null,
        recharges: 0,
        consumption: 0,
        monthConsumption: 0,
        connectors: [connector(1, 'Available'), connector(2, 'Available', 'MAINTENANCE')],
        chargingProfiles: [],
      },
    ],
  };
}

describe('live connector status in cached station lists', () => {
  it('replaces the last status and the status group of that connector only', () => {
    const before = page();
    const after = applyConnectorStatus(before, {
      chargeBoxId: 'CP-7',
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      timestamp: '2026-01-02T00:00:00.000Z',
    });
    const c1 = after!.chargePointList[0].connectors[0];
    expect(c1.lastStatus).toEqual({ status: 'Faulted', errorCode: 'GroundFailure', timestamp: '2026-01-02T00:00:00.000Z' });
    expect(c1.statusGroup).toBe('unavailable');
    expect(after!.chargePointList[0].connectors[1]).toBe(before.chargePointList[0].connectors[1]);
  });

  it('keeps the very same page object, when the station is not on it', () => {
    const before = page();
    expect(
      applyConnectorStatus(before, { chargeBoxId: 'OTHER', connectorId: 1, status: 'Charging', errorCode: 'NoError', timestamp: 'x' }),
    ).toBe(before);
  });

  it('keeps a manual connector status group, when a charging status arrives', () => {
    const after = applyConnectorStatus(page(), {
      chargeBoxId: 'CP-7',
      connectorId: 2,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: 'y',
    });
    expect(after!.chargePointList[0].connectors[1].statusGroup).toBe('maintenance');
  });

  it('updates online state, heartbeat and the firmware and diagnostics reports from a chargeBox update, and asks for a refetch on a new connector', () => {
    const chargePoint = {
      chargeBoxPk: 7,
      chargeBoxId: 'CP-7',
      description: 'Station 7',
      active: true,
      locationLatitude: null,
      locationLongitude: null,
      origin: 'MOVE' as const,
      ocppProtocol: 'ocpp1.6',
      chargePointVendor: 'Recarga',
      online: true,
      lastHeartbeatTimestamp: '2026-01-03T00:00:00.000Z',
      firmwareStatus: 'Installing',
      firmwareStatusTimestamp: '2026-01-03T00:01:00.000Z',
      diagnosticsStatus: 'Uploaded',
      diagnosticsStatusTimestamp: '2026-01-02T23:00:00.000Z',
      connectors: [
        { connectorId: 1, connectorType: 'Type 2', lastStatus: { status: 'Charging' } },
        { connectorId: 2, connectorType: 'Type 2', lastStatus: { status: 'Available' } },
      ],
    };
    const applied = applyChargeBoxUpdate(page(), { type: 'update', chargePoint });
    expect(applied.stale).toBe(false);
    expect(applied.page!.chargePointList[0].online).toBe(true);
    expect(applied.page!.chargePointList[0]).toMatchObject({
      firmwareStatus: 'Installing',
      firmwareStatusTimestamp: '2026-01-03T00:01:00.000Z',
      diagnosticsStatus: 'Uploaded',
      diagnosticsStatusTimestamp: '2026-01-02T23:00:00.000Z',
    });
    expect(applied.page!.chargePointList[0].connectors[0].statusGroup).toBe('busy');

    const grown = applyChargeBoxUpdate(page(), {
      type: 'update',
      chargePoint: {
        ...chargePoint,
        connectors: [...chargePoint.connectors, { connectorId: 3, connectorType: null, lastStatus: { status: 'Available' } }],
      },
    });
    expect(grown.stale).toBe(true);
  });

  it('a status for a connector the page does not list yet asks for the page again; known connectors and other stations do not', () => {
    const status = (chargeBoxId: string, connectorId: number) => ({
      chargeBoxId,
      connectorId,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: 'x',
    });
    expect(lacksConnector(page(), status('CP-7', 3))).toBe(true);
    expect(lacksConnector(page(), status('CP-7', 2))).toBe(false);
    expect(lacksConnector(page(), status('CP-7', 0))).toBe(false);
    expect(lacksConnector(page(), status('OTHER', 3))).toBe(false);
    expect(lacksConnector(undefined, status('CP-7', 3))).toBe(false);
  });
});
