import { describe, expect, it } from 'vitest';
import type { MapChargePoint } from '../../../lib/api/get-map-charge-points';
import { applyChargeBoxToMap, applyChargeBoxToView, applyConnectorStatusToMap, removeFromMap } from './apply-map-update';

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
        firmwareStatus: null,
        firmwareStatusTimestamp: null,
        diagnosticsStatus: null,
        diagnosticsStatusTimestamp: null,
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

  describe('a cached viewport', () => {
    // São Paulo's centre; the stations above sit at -23.5, -46.6.
    const bounds = '-23.8,-46.9,-23.3,-46.3';
    const message = (type: 'update' | 'insert' | 'delete', pk: number, latitude: number, longitude: number) => ({
      type,
      chargePoint: {
        chargeBoxPk: pk,
        chargeBoxId: `S${pk}`,
        description: `Station S${pk}`,
        active: true,
        locationLatitude: latitude,
        locationLongitude: longitude,
        origin: 'MOVE' as const,
        ocppProtocol: 'ocpp1.6',
        chargePointVendor: null,
        online: true,
        lastHeartbeatTimestamp: null,
        firmwareStatus: null,
        firmwareStatusTimestamp: null,
        diagnosticsStatus: null,
        diagnosticsStatusTimestamp: null,
        connectors: [{ connectorId: 1, connectorType: 'Type 2', lastStatus: { status: 'Available' } }],
      },
    });

    it('a listed station is updated in place, and leaves when deleted or moved out', () => {
      const view = { stations: [cp('A', 1, ['Faulted']), cp('B', 2, ['Available'])], clusters: [] };
      const updated = applyChargeBoxToView(view, bounds, message('update', 1, -23.5, -46.6));
      expect(updated).not.toBe('refetch');
      expect((updated as typeof view).stations.map((s) => [s.chargeBoxPk, s.online, s.connectors[0]!.lastStatus.status])).toEqual([
        [1, true, 'Available'],
        [2, false, 'Available'],
      ]);
      expect(
        (applyChargeBoxToView(view, bounds, message('delete', 2, -23.5, -46.6)) as typeof view).stations.map((s) => s.chargeBoxPk),
      ).toEqual([1]);
      // Moved to Rio de Janeiro.
      expect(
        (applyChargeBoxToView(view, bounds, message('update', 1, -22.9, -43.2)) as typeof view).stations.map((s) => s.chargeBoxPk),
      ).toEqual([2]);
    });

    it('a station it does not list: inside the viewport it asks again, elsewhere nothing changes', () => {
      const view = { stations: [cp('A', 1, ['Available'])], clusters: [] };
      expect(applyChargeBoxToView(view, bounds, message('insert', 9, -23.55, -46.63))).toBe('refetch');
      expect(applyChargeBoxToView(view, bounds, message('update', 9, -23.55, -46.63))).toBe('refetch');
      expect(applyChargeBoxToView(view, bounds, message('insert', 9, 4.71, -74.07))).toBe(view);
      expect(applyChargeBoxToView(view, bounds, message('update', 9, 4.71, -74.07))).toBe(view);
    });

    it('clusters: a station added or deleted inside asks again; a status update does not', () => {
      const view = { stations: [], clusters: [{ latitude: -23.5, longitude: -46.6, count: 1200 }] };
      expect(applyChargeBoxToView(view, bounds, message('update', 9, -23.55, -46.63))).toBe(view);
      expect(applyChargeBoxToView(view, bounds, message('insert', 9, -23.55, -46.63))).toBe('refetch');
      expect(applyChargeBoxToView(view, bounds, message('delete', 9, -23.55, -46.63))).toBe('refetch');
      expect(applyChargeBoxToView(view, bounds, message('delete', 9, 4.71, -74.07))).toBe(view);
    });
  });
});
