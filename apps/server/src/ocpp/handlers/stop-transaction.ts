import type { IdTagInfo } from '@recarga/contracts/ocpp';
import { recordNotifications, type NewNotification } from '../../modules/notifications/service';
import { tagAtStation } from '../authorization';
import type { Handler } from '../handler-context';
import { insertMeterValues, lockTransaction, stopRejectedStart, stopTransaction as storeStop } from '../repository';
import { isShortRecharge } from '../short-recharge';

/**
 * Stops the station's transaction (found in the database, so a stop after a restart or on another
 * node works), stores transactionData as meter values, records TransactionEnded and, for a short
 * recharge, Warning — all in one database transaction, answered after commit. A repeated stop
 * changes nothing; a stop that replaces the server's own close of a superseded transaction wins.
 */
export const stopTransaction: Handler<'StopTransaction'> = async (deps, station, req) => {
  const now = deps.now();
  const { idTagInfo, notificationPks, stopped } = await deps.db.transaction().execute(async (trx) => {
    let idTagInfo: IdTagInfo | undefined;
    if (req.idTag !== undefined) {
      ({ idTagInfo } = await tagAtStation(trx, station.chargeBoxPk, req.idTag, now, { countOpen: false, recordUnknown: false }));
    }
    const tx = await lockTransaction(trx, req.transactionId, station.chargeBoxPk);
    // The stop of a start that was not accepted: it closes it, and is answered like any stop.
    if (!tx && (await stopRejectedStart(trx, req.transactionId, station.chargeBoxPk)))
      return { idTagInfo, notificationPks: [] as number[], stopped: [] as number[] };
    if (!tx) {
      deps.log.warn(
        { chargeBoxId: station.chargeBoxId, transactionId: req.transactionId },
        'ocpp: StopTransaction for a transaction this station does not have',
      );
      return { idTagInfo, notificationPks: [] as number[], stopped: [] as number[] };
    }
    if (tx.stop_timestamp !== null && tx.stop_event_actor !== 'central_system')
      return { idTagInfo, notificationPks: [] as number[], stopped: [] as number[] };

    const energyWh = Math.max(0, req.meterStop - tx.start_value_wh);
    await storeStop(trx, tx.transaction_pk, {
      timestamp: req.timestamp,
      meterStop: req.meterStop,
      // OCPP 1.6 (StopTransaction.req): the reason "MAY only be omitted when the Reason is Local". 1.5 has no reason.
      reason: req.reason ?? (station.protocol === 'ocpp1.6' ? 'Local' : null),
      idTag: req.idTag ?? null,
      energyWh,
    });
    if (req.transactionData?.length) {
      await insertMeterValues(
        trx,
        req.transactionData.map((meterValue) => ({ transactionPk: tx.transaction_pk, connectorPk: tx.connector_pk, meterValue })),
      );
    }
    const stoppedAt = new Date(req.timestamp);
    const base = {
      chargeBoxPk: station.chargeBoxPk,
      connectorId: tx.connector_id,
      transactionPk: tx.transaction_pk,
      userPk: tx.user_pk,
      timestamp: stoppedAt,
    };
    const events: NewNotification[] = [{ ...base, type: 'TransactionEnded' }];
    if (isShortRecharge(stoppedAt.getTime() - tx.start_timestamp.getTime(), energyWh)) events.push({ ...base, type: 'Warning' });
    return { idTagInfo, notificationPks: await recordNotifications(trx, events), stopped: [tx.transaction_pk] };
  });
  deps.events.committed({ notificationPks, stoppedTransactionPks: stopped });
  return idTagInfo ? { idTagInfo } : {};
};
