import type { Handler } from '../handler-context';

/** Stores every sampled value as a time series (next write batch); answered after commit. */
export const meterValues: Handler<'MeterValues'> = async (deps, station, req) => {
  await deps.batcher.meterValues({
    chargeBoxPk: station.chargeBoxPk,
    connectorId: req.connectorId,
    transactionId: req.transactionId,
    meterValues: req.meterValue,
  });
  return {};
};
