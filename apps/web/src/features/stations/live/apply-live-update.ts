import { connectorStatusGroup } from '@recarga/contracts/connector-status';
import type { ChargePointListResponse } from '@recarga/contracts/stations';
import type { LiveChargeBoxMessage, LiveConnectorStatus } from '@recarga/contracts/live';

/**
 * Replaces one connector's last status in a cached station list page (002 §4: "connector status
 * updates arrive live and replace that connector's last status"). Returns the same object when
 * the page does not hold that connector, so unrelated caches are not re-rendered.
 */
export function applyConnectorStatus(
  page: ChargePointListResponse | undefined,
  s: LiveConnectorStatus,
): ChargePointListResponse | undefined {
  if (!page || s.connectorId === 0) return page;
  let changed = false;
  const chargePointList = page.chargePointList.map((station) => {
    if (station.chargeBoxId !== s.chargeBoxId) return station;
    const connectors = station.connectors.map((c) => {
      if (c.connectorId !== s.connectorId) return c;
      if (c.lastStatus.status === s.status && c.lastStatus.timestamp === s.timestamp && c.lastStatus.errorCode === s.errorCode) return c;
      changed = true;
      return {
        ...c,
        lastStatus: { status: s.status, timestamp: s.timestamp, errorCode: s.errorCode },
        statusGroup: connectorStatusGroup(s.status, c.unusualStatus),
      };
    });
    return changed ? { ...station, connectors } : station;
  });
  return changed ? { ...page, chargePointList } : page;
}

/**
 * True when the page lists the status's station but not that connector (a connector the station
 * reports for the first time): the page must be fetched again, or the status would be lost.
 */
export function lacksConnector(page: ChargePointListResponse | undefined, s: LiveConnectorStatus): boolean {
  if (!page || s.connectorId === 0) return false;
  const station = page.chargePointList.find((cp) => cp.chargeBoxId === s.chargeBoxId);
  return station !== undefined && !station.connectors.some((c) => c.connectorId === s.connectorId);
}

interface ChargeBoxApplied {
  page: ChargePointListResponse | undefined;
  /** The station is on this page but its connectors differ (new connector): refetch the page. */
  stale: boolean;
}

/**
 * Applies a `<apiKey>/chargeBox` update (online state, heartbeat, firmware and diagnostics reports,
 * connector statuses) to a cached
 * station list page. A manual connector status (unusualStatus) keeps its own group.
 */
export function applyChargeBoxUpdate(page: ChargePointListResponse | undefined, message: LiveChargeBoxMessage): ChargeBoxApplied {
  if (!page) return { page, stale: false };
  const cp = message.chargePoint;
  let stale = false;
  let changed = false;
  const chargePointList = page.chargePointList.map((station) => {
    if (station.chargeBoxPk !== cp.chargeBoxPk) return station;
    const liveIds = cp.connectors.map((c) => c.connectorId).sort((a, b) => a - b);
    const ownIds = station.connectors.map((c) => c.connectorId).sort((a, b) => a - b);
    if (liveIds.join(',') !== ownIds.join(',')) stale = true;
    const byId = new Map(cp.connectors.map((c) => [c.connectorId, c]));
    changed = true;
    return {
      ...station,
      online: cp.online,
      active: cp.active,
      lastHeartbeatTimestamp: cp.lastHeartbeatTimestamp,
      chargePointVendor: cp.chargePointVendor,
      ocppProtocol: cp.ocppProtocol,
      firmwareStatus: cp.firmwareStatus,
      firmwareStatusTimestamp: cp.firmwareStatusTimestamp,
      diagnosticsStatus: cp.diagnosticsStatus,
      diagnosticsStatusTimestamp: cp.diagnosticsStatusTimestamp,
      connectors: station.connectors.map((c) => {
        const live = byId.get(c.connectorId);
        if (!live || c.unusualStatus !== null || live.lastStatus.status === c.lastStatus.status) return c;
        return {
          ...c,
          lastStatus: { ...c.lastStatus, status: live.lastStatus.status },
          statusGroup: connectorStatusGroup(live.lastStatus.status, c.unusualStatus),
        };
      }),
    };
  });
  return { page: changed ? { ...page, chargePointList } : page, stale };
}
