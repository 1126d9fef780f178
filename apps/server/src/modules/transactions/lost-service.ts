import type { Kysely } from 'kysely';
import { commandPermission } from '@recarga/contracts/operation-commands';
import { transactionMessages, type CloseLostResponse } from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { BillingService } from '../billing/service';
import * as repo from './repository';
import { transactionErrors } from './transaction-errors';
import { showsIncome, toRow } from './transaction-row';

export interface TransactionLostDeps {
  db: Kysely<DB>;
  billing: Pick<BillingService, 'transactionsStopped'>;
  now?: () => Date;
}

/**
 * "Close as lost": an operator closes an open recharge whose station went away without its
 * StopTransaction, with the energy the station last metered for it, and it is billed like any stop
 * (billing's queue, filled by the stop trigger, priced right away here and by the job otherwise).
 * Only for a station with no live connection: an online station is sent a remote stop instead.
 * Under the remote-stop permission: whoever may stop a recharge may close a lost one.
 */
export class TransactionLostService {
  private readonly now: () => Date;

  constructor(private readonly deps: TransactionLostDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async closeAsLost(ctx: RequestContext, transactionPk: number): Promise<CloseLostResponse> {
    if (!ctx.user.permitted.has(commandPermission.remote_stop_transaction)) throw forbidden();
    const { db } = this.deps;
    const before = await repo.one(db, ctx.tenantScope, transactionPk);
    if (!before) throw notFound(transactionErrors.notFound);
    if (before.stop_timestamp === null && before.station_online)
      throw conflict(transactionMessages.stationOnline, undefined, 'STATION_ONLINE');
    const closed =
      before.stop_timestamp === null ? await repo.closeAsLost(db, ctx.tenantScope, transactionPk, ctx.user.userPk, this.now()) : undefined;
    // Re-read unless it was already closed: a concurrent call may have closed it in between.
    const after = before.stop_timestamp === null ? await repo.one(db, ctx.tenantScope, transactionPk) : before;
    if (!after) throw notFound(transactionErrors.notFound);
    if (!closed) {
      // Closed meanwhile: by this same action (a repeated or concurrent call) is the same outcome.
      if (after.stop_event_actor === 'operator') {
        return { message: transactionMessages.closedAsLost, closed: false, transaction: toRow(after, showsIncome(ctx)) };
      }
      if (after.stop_timestamp === null) throw conflict(transactionMessages.stationOnline, undefined, 'STATION_ONLINE');
      throw conflict(transactionMessages.notOpen, undefined, 'TRANSACTION_NOT_OPEN');
    }
    this.deps.billing.transactionsStopped([transactionPk]);
    return { message: transactionMessages.closedAsLost, closed: true, transaction: toRow(after, showsIncome(ctx)) };
  }
}
