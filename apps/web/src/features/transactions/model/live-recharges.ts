import type { LiveMessage } from '../../../lib/live-client';

/** Live events after which the recharges read so far may be out of date: a recharge started or ended. */
const rechargeEvents = new Set(['TransactionStarted', 'TransactionEnded']);

/** Whether a live message says a recharge started or ended (the notification topic's event). */
export function changesRecharges(message: Pick<LiveMessage, 'parsed' | 'data'>): boolean {
  if (message.parsed?.kind !== 'notification') return false;
  const type = (message.data as { type?: unknown } | null)?.type;
  return typeof type === 'string' && rechargeEvents.has(type);
}
