import type { Handler } from '../handler-context';
import { insertDataTransfer } from '../repository';

/** Vendor data is kept (data_transfers) for whoever needs it; the station is told it was received. */
export const dataTransfer: Handler<'DataTransfer'> = async (deps, station, req) => {
  await insertDataTransfer(deps.db, station.chargeBoxPk, req.vendorId, req.messageId, req.data);
  return { status: 'Accepted' };
};
