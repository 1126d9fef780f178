import type { Handler } from '../handler-context';

/**
 * Stores the connector's status (creating connectors the station was not set up with) and its
 * history, in the next write batch. When the status or error changes it records a Failure
 * (Faulted or any error code) or an Available event.
 */
export const statusNotification: Handler<'StatusNotification'> = async (deps, station, req) => {
  const now = deps.now();
  // The station's clock may run ahead; an event is never dated in the future.
  const reported = req.timestamp ? new Date(req.timestamp) : now;
  const at = reported.getTime() > now.getTime() ? now : reported;

  const { change, notificationPks } = await deps.batcher.status({
    chargeBoxPk: station.chargeBoxPk,
    req,
    at,
    events: (previous) => {
      if (previous.previousStatus === req.status && previous.previousErrorCode === req.errorCode) return [];
      const base = { chargeBoxPk: station.chargeBoxPk, connectorId: req.connectorId, timestamp: at };
      if (req.status === 'Faulted' || req.errorCode !== 'NoError')
        return [{ ...base, type: 'Failure', errorCode: req.errorCode, errorMsg: req.info ?? req.vendorErrorCode ?? null }];
      if (req.status === 'Available' && req.connectorId > 0) return [{ ...base, type: 'Available' }];
      return [];
    },
  });
  const changed = change.previousStatus !== req.status || change.previousErrorCode !== req.errorCode;

  deps.events.committed({
    statuses: [
      {
        tenantPk: station.tenantPk,
        status: {
          chargeBoxId: station.chargeBoxId,
          connectorId: req.connectorId,
          status: req.status,
          errorCode: req.errorCode,
          timestamp: at.toISOString(),
        },
      },
    ],
    notificationPks,
    chargeBoxPks: changed ? [station.chargeBoxPk] : [],
  });
  return {};
};
