import { createHash } from 'node:crypto';
import type { IdTagStatus } from '@recarga/contracts/ocpp';
import { recordNotifications } from '../../modules/notifications/service';
import { reservationAtStart, tagAtStation } from '../authorization';
import type { Handler } from '../handler-context';
import {
  ensureConnector,
  findTransactionByStartKey,
  insertRejectedStart,
  insertTransaction,
  claimRemoteStartPayment,
  lockStartKey,
  startConnector,
  useReservation,
} from '../repository';

/** Identifies a start message: a station resending it (lost answer) gets the same transaction. */
export function startKey(req: { connectorId: number; idTag: string; timestamp: string; meterStart: number }): string {
  const at = new Date(req.timestamp).toISOString();
  return createHash('sha256').update(`${req.connectorId}|${req.idTag.toLowerCase()}|${at}|${req.meterStart}`).digest('base64url');
}

/**
 * Creates the transaction (its key is the OCPP transactionId) in one database transaction and
 * answers after commit. A repeated StartTransaction returns the first one's id and status. A start
 * that is not accepted still gets a transactionId, as OCPP requires, but is recorded as a rejected
 * start (migration 0015), not as a transaction: it is no recharge, raises no TransactionStarted and
 * never counts as the tag's open transaction, so a station that drops it without a stop cannot lock
 * the driver out. A transaction still open on the same connector is closed first (its stop was lost).
 * An accepted start uses its tag's reservation of that connector (or of the station); a start of
 * another tag on a connector reserved for someone else is answered Invalid (authorization.ts), and
 * it takes the payment type its remote start asked for, if one did.
 */
export const startTransaction: Handler<'StartTransaction'> = async (deps, station, req) => {
  const key = startKey(req);
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockStartKey(trx, station.chargeBoxPk, key);
    const existing = await findTransactionByStartKey(trx, station.chargeBoxPk, key);
    if (existing)
      return {
        transactionId: existing.transaction_pk,
        idTagInfo: { status: existing.id_tag_status as IdTagStatus },
        notificationPks: [] as number[],
      };

    const at = await startConnector(
      trx,
      { chargeBoxPk: station.chargeBoxPk, connectorId: req.connectorId, timestamp: new Date(req.timestamp), meterStart: req.meterStart },
      now,
    );
    const connectorPk = at.connectorPk ?? (await ensureConnector(trx, station.chargeBoxPk, req.connectorId));
    const found = await tagAtStation(trx, station.chargeBoxPk, req.idTag, now, {
      countOpen: true,
      recordUnknown: true,
    });
    const { tag, tenant } = found;
    let idTagInfo = found.idTagInfo;
    let reservationPk: number | undefined;
    if (idTagInfo.status === 'Accepted' && at.reserved) {
      const reservation = await reservationAtStart(
        trx,
        station.chargeBoxPk,
        { connectorId: req.connectorId, idTag: req.idTag, parentIdTag: idTagInfo.parentIdTag, reservationId: req.reservationId },
        now,
      );
      if (reservation.reservedForOther) idTagInfo = { ...idTagInfo, status: 'Invalid' };
      reservationPk = reservation.use;
    }
    if (idTagInfo.status !== 'Accepted') {
      const rejected = await insertRejectedStart(trx, {
        chargeBoxPk: station.chargeBoxPk,
        connectorPk,
        connectorId: req.connectorId,
        tenantPk: tenant.tenant_pk,
        idTag: req.idTag,
        idTagStatus: idTagInfo.status,
        startTimestamp: req.timestamp,
        startValueWh: req.meterStart,
        startKey: key,
      });
      const again = rejected ?? (await findTransactionByStartKey(trx, station.chargeBoxPk, key))!;
      return { transactionId: again.transaction_pk, idTagInfo, notificationPks: [] as number[] };
    }
    const userPk = tag ? tag.owner_user_pk : null;

    const inserted = await insertTransaction(trx, {
      chargeBoxPk: station.chargeBoxPk,
      connectorPk,
      tenantPk: tenant.tenant_pk,
      idTag: req.idTag,
      ocppTagPk: tag?.ocpp_tag_pk ?? null,
      userPk,
      idTagStatus: idTagInfo.status,
      startTimestamp: req.timestamp,
      startValueWh: req.meterStart,
      reservationId: reservationPk ?? req.reservationId ?? null,
      startKey: key,
    });
    if (!inserted) {
      // The same start committed concurrently (PostgreSQL): answer with that one.
      const again = await findTransactionByStartKey(trx, station.chargeBoxPk, key);
      return {
        transactionId: again!.transaction_pk,
        idTagInfo: { status: again!.id_tag_status as IdTagStatus },
        notificationPks: [] as number[],
      };
    }
    if (reservationPk !== undefined) await useReservation(trx, reservationPk, inserted.transaction_pk);
    if (at.remoteStartPending)
      await claimRemoteStartPayment(
        trx,
        { chargeBoxPk: station.chargeBoxPk, connectorId: req.connectorId, idTag: req.idTag, transactionPk: inserted.transaction_pk },
        now,
      );
    const notificationPks = await recordNotifications(trx, [
      {
        chargeBoxPk: station.chargeBoxPk,
        type: 'TransactionStarted',
        connectorId: req.connectorId,
        transactionPk: inserted.transaction_pk,
        userPk,
        timestamp: new Date(req.timestamp),
      },
    ]);
    return { transactionId: inserted.transaction_pk, idTagInfo, notificationPks };
  });
  deps.events.committed({ notificationPks: result.notificationPks });
  return { transactionId: result.transactionId, idTagInfo: result.idTagInfo };
};
