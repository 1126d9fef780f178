import { describe, expect, it } from 'vitest';
import type { MapChargePoint } from '../../../lib/api/get-map-charge-points';
import { applyChargeBoxToMap, applyConnectorStatusToMap, removeFromMap } from './apply-map-update';

const cp = (id: string, pk: number, statuses: (string | null)[]): MapChargePoint => ({
  chargeBoxPk: pk,
  chargeBoxId: id,
  description: `Station ${id}`,
  active: true,
  locationLatitude: -23.5,
  locationLongitude: -46.6,
  origin: 'MOVE',
  ocppProtocol: 'ocpp1.6',
  chargePointVendor: null,
  online: false,
  monthConsumption: 0,
  address: { street: null },
  connectors: statuses.map((status, i) => ({ connectorId: i + 1, connectorType: 'Type 2', lastStatus: { status, usage: 10 } })),
});

describe('live map updates', () => {
  it('a connector status: replaces that connector’s status only; a repeat returns the same list', () => {
    const list = [cp('A', 1, ['Available', 'Available']), cp('B', 2, ['Available'])];
    const next = applyConnectorStatusToMap(list, {
      chargeBoxId: 'A',
      connectorId: 2,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: '2026-01-01T00:00:00Z',
    })!;
    expect(next[0]!.connectors.map((c) => c.lastStatus.status)).toEqual(['Available', 'Charging']);
    expect(next[1]).toBe(list[1]);
    expect(
      applyConnectorStatusToMap(next, { chargeBoxId: 'A', connectorId: 2, status: 'Charging', errorCode: 'NoError', timestamp: 'x' }),
    ).toBe(next);
    expect(
      applyConnectorStatusToMap(list, { chargeBoxId: 'A', connectorId: 0, status: 'Faulted', errorCode: 'NoError', timestamp: 'x' }),
    ).toBe(list);
  });

  it('a station update: takes online state and statuses (manual ones applied), keeps the usage', () => {
    const list = [cp('A', 1, ['Available', 'Available'])];
    const next = applyChargeBoxToMap(list, {
      type: 'update',
      chargePoint: {
        chargeBoxPk: 1,
        chargeBoxId: 'A',
        description: 'Station A',
        active: true,
        locationLatitude: -23.5,
        locationLongitude: -46.6,
        origin: 'MOVE',
        ocppProtocol: 'ocpp1.6',
        chargePointVendor: 'V',
        online: true,
        lastHeartbeatTimestamp: null,
        connectors: [
          { connectorId: 1, connectorType: 'Type 2', lastStatus: { status: 'MAINTENANCE' } },
          { connectorId: 2, connectorType: 'Type 2', lastStatus: { status: 'Charging' } },
        ],
      },
    })!;
    expect(next[0]!.online).toBe(true);
    expect(next[0]!.connectors.map((c) => [c.lastStatus.status, c.lastStatus.usage])).toEqual([
      ['MAINTENANCE', 10],
      ['Charging', 10],
    ]);
  });

  it('a deleted station: leaves the list; an unknown one leaves the list as it was', () => {
    const list = [cp('A', 1, ['Available']), cp('B', 2, ['Available'])];
    expect(removeFromMap(list, 1)!.map((x) => x.chargeBoxId)).toEqual(['B']);
    expect(removeFromMap(list, 9)).toBe(list);
    expect(removeFromMap(undefined, 1)).toBeUndefined();
  });
});
