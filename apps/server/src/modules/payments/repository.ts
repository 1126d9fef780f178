import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/db';
import type { FinancialMovementsTable, PaymentRefundsTable } from '../../db/schema-billing';

/** A row of the ledger (financial_movements). */
export type Movement = Selectable<FinancialMovementsTable>;

export function lockMovement(db: Executor, movementPk: number) {
  return db.selectFrom('financial_movements').selectAll().where('movement_pk', '=', movementPk).forUpdate().executeTakeFirst();
}

/** The live bill (not rejected or cancelled) of a recharge or of its idle time, locked. */
export function lockLiveBill(db: Executor, transactionPk: number, isIdle: boolean) {
  return db
    .selectFrom('financial_movements')
    .selectAll()
    .where('transaction_pk', '=', transactionPk)
    .where('is_idle_payment', '=', isIdle)
    .where('payment_status', 'not in', ['rejected', 'cancelled'])
    .forUpdate()
    .executeTakeFirst();
}

/** The latest rejected bill of a recharge or of its idle time (not locked). */
export function latestRejectedBill(db: Executor, transactionPk: number, isIdle: boolean) {
  return db
    .selectFrom('financial_movements')
    .selectAll()
    .where('transaction_pk', '=', transactionPk)
    .where('is_idle_payment', '=', isIdle)
    .where('payment_status', '=', 'rejected')
    .orderBy('movement_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The recharge's billing row, locked (the first lock of the ledger's order). */
export function lockBillingRow(db: Executor, transactionPk: number) {
  return db
    .selectFrom('transaction_billing')
    .select('transaction_pk')
    .where('transaction_pk', '=', transactionPk)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Points the recharge's billing row at its current bill (the live one, else the latest attempt)
 * and records its revenue status (001 §4): PRICELESS without payment or income, PAID when the
 * bill is approved with a paid time, else UNPAID.
 */
export async function syncRecharge(db: Executor, transactionPk: number) {
  await sql`
      update transaction_billing b
         set movement_pk = cur.movement_pk,
             revenue_status = case when not b.has_payment or (b.total = 0 and b.voucher_discount = 0) then 'PRICELESS'
                                   when cur.payment_status = 'approved' and cur.paid_at is not null then 'PAID'
                                   else 'UNPAID' end
        from (select 1) one
        left join lateral (
          select m.movement_pk, m.payment_status, m.paid_at
            from financial_movements m
           where m.transaction_pk = ${transactionPk} and not m.is_idle_payment
           order by (m.payment_status in ('rejected', 'cancelled')), m.movement_pk desc
           limit 1) cur on true
       where b.transaction_pk = ${transactionPk}`.execute(db);
}

/**
 * The current bill of many recharges at once (`syncRecharge` for each; a history import).
 */
export async function syncRecharges(db: Executor, transactionPks: number[]) {
  for (let i = 0; i < transactionPks.length; i += 1000) {
    const pks = transactionPks.slice(i, i + 1000);
    await sql`
      update transaction_billing b
         set movement_pk = cur.movement_pk,
             revenue_status = case when not b.has_payment or (b.total = 0 and b.voucher_discount = 0) then 'PRICELESS'
                                   when cur.payment_status = 'approved' and cur.paid_at is not null then 'PAID'
                                   else 'UNPAID' end
        from transaction_billing b2
        left join lateral (
          select m.movement_pk, m.payment_status, m.paid_at
            from financial_movements m
           where m.transaction_pk = b2.transaction_pk and not m.is_idle_payment
           order by (m.payment_status in ('rejected', 'cancelled')), m.movement_pk desc
           limit 1) cur on true
       where b2.transaction_pk = b.transaction_pk and b.transaction_pk = any(${pks}::int[])`.execute(db);
  }
}

/** Movements of a past already settled (a history import), in statements of 500 rows; answered in the order given. */
export async function insertMovements(db: Executor, rows: Insertable<FinancialMovementsTable>[]): Promise<Movement[]> {
  const out: Movement[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const inserted = (await db.insertInto('financial_movements').values(chunk).returningAll().execute()) as Movement[];
    inserted.sort((a, b) => Number(a.movement_pk) - Number(b.movement_pk));
    // Keys are handed out in the order of the rows of one statement.
    chunk.forEach((r, j) => {
      const m = inserted[j];
      if (
        !m ||
        m.transaction_pk !== (r.transaction_pk ?? null) ||
        m.user_pk !== (r.user_pk ?? null) ||
        Number(m.amount) !== Number(r.amount)
      )
        throw new Error('insertMovements: the inserted rows do not match the rows given');
    });
    out.push(...inserted);
  }
  return out;
}

export async function insertMovement(db: Executor, values: Insertable<FinancialMovementsTable>): Promise<Movement> {
  return (await db.insertInto('financial_movements').values(values).returningAll().executeTakeFirstOrThrow()) as Movement;
}

/** Changes a movement and answers it as changed. */
export async function updateMovement(db: Executor, movementPk: number, set: Updateable<FinancialMovementsTable>): Promise<Movement> {
  return (await db
    .updateTable('financial_movements')
    .set(set)
    .where('movement_pk', '=', movementPk)
    .returningAll()
    .executeTakeFirstOrThrow()) as Movement;
}

/** Changes a movement without reading it back. */
export function setMovement(db: Executor, movementPk: number, set: Updateable<FinancialMovementsTable>) {
  return db.updateTable('financial_movements').set(set).where('movement_pk', '=', movementPk).execute();
}

/** Cancels a movement that is pending or rejected; undefined when it is neither. */
export async function cancelUnpaidMovement(db: Executor, movementPk: number, detail: string): Promise<Movement | undefined> {
  return (await db
    .updateTable('financial_movements')
    .set({ payment_status: 'cancelled', payment_status_detail: detail, updated_at: new Date() })
    .where('movement_pk', '=', movementPk)
    .where('payment_status', 'in', ['pending', 'rejected'])
    .returningAll()
    .executeTakeFirst()) as Movement | undefined;
}

/** Payments a provider still processes (oldest change first). */
export function inProcessAtProviders(db: Executor, limit: number) {
  return db
    .selectFrom('financial_movements')
    .select(['movement_pk', 'transaction_pk', 'provider', 'external_id'])
    .where('payment_status', '=', 'in_process')
    .where('external_id', 'is not', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** The recharge a movement belongs to (not locked: read to take the locks in order). */
export function transactionOfMovement(db: Executor, movementPk: number) {
  return db.selectFrom('financial_movements').select('transaction_pk').where('movement_pk', '=', movementPk).executeTakeFirst();
}

/** A depositor: the user, their tenant and its currency. */
export function depositor(db: Executor, userPk: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select(['u.user_pk', 'u.tenant_pk', 'u.email', 't.currency'])
    .where('u.user_pk', '=', userPk)
    .executeTakeFirst();
}

export function insertRefund(db: Executor, values: Insertable<PaymentRefundsTable>) {
  return db.insertInto('payment_refunds').values(values).returning('refund_pk').executeTakeFirstOrThrow();
}

/** A refund row, locked (taken after the movement's lock). */
export function lockRefund(db: Executor, refundPk: number) {
  return db.selectFrom('payment_refunds').selectAll().where('refund_pk', '=', refundPk).forUpdate().executeTakeFirst();
}

export function setRefund(db: Executor, refundPk: number, set: Updateable<PaymentRefundsTable>) {
  return db
    .updateTable('payment_refunds')
    .set({ ...set, updated_at: new Date() })
    .where('refund_pk', '=', refundPk)
    .execute();
}

/** A refund with what its call to the provider needs (not locked). */
export function refundWithPayment(db: Executor, refundPk: number) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('financial_movements as m', 'm.movement_pk', 'r.movement_pk')
    .select([
      'r.refund_pk',
      'r.movement_pk',
      'r.amount',
      'r.state',
      'r.attempts',
      'r.failure',
      'm.transaction_pk',
      'm.provider',
      'm.external_id',
      'm.amount as movement_amount',
    ])
    .where('r.refund_pk', '=', refundPk)
    .executeTakeFirstOrThrow();
}

/** Minor units of a movement's refunds still on their way (reserved or sent, not settled). */
export async function inFlightRefunds(db: Executor, movementPk: number): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
    .where('movement_pk', '=', movementPk)
    .where('state', 'in', ['reserved', 'sent'])
    .executeTakeFirstOrThrow();
  return Number(row.amount);
}

/** Refunds left on their way by a crash or an unanswered provider, untouched since `before` (oldest first). */
export function openRefunds(db: Executor, before: Date, limit: number) {
  return (
    db
      .selectFrom('payment_refunds')
      .select(['refund_pk', 'movement_pk'])
      .where('state', 'in', ['reserved', 'sent'])
      // At or before: a refund touched in the same millisecond as `before` is as old as asked.
      .where('updated_at', '<=', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute()
  );
}

/** Frees the Idempotency-Key of a refund the provider refused: the same key may be tried again. */
export function releaseRefundKey(db: Executor, refundPk: number) {
  return db.deleteFrom('refund_idempotency_keys').where('refund_pk', '=', refundPk).execute();
}

/**
 * Claims a refund's Idempotency-Key for a movement (inside the refund's transaction). False when the
 * key is already taken: PostgreSQL waits for a concurrent claim of the same key to commit or roll
 * back before answering, so a retried request sees the first one's outcome.
 */
export async function claimRefundKey(
  db: Executor,
  values: { actor_user_pk: number; idempotency_key: string; movement_pk: number; requested_amount: number | null },
): Promise<boolean> {
  const row = await db
    .insertInto('refund_idempotency_keys')
    .values(values)
    .onConflict((oc) => oc.columns(['actor_user_pk', 'idempotency_key']).doNothing())
    .returning('movement_pk')
    .executeTakeFirst();
  return !!row;
}

/** The refund an Idempotency-Key made, with its amount. */
export function refundOfKey(db: Executor, actorUserPk: number, key: string) {
  return db
    .selectFrom('refund_idempotency_keys as k')
    .leftJoin('payment_refunds as r', 'r.refund_pk', 'k.refund_pk')
    .select(['k.movement_pk', 'k.requested_amount', 'k.refund_pk', 'r.amount', 'r.state'])
    .where('k.actor_user_pk', '=', actorUserPk)
    .where('k.idempotency_key', '=', key)
    .executeTakeFirst();
}

export function setRefundOfKey(db: Executor, actorUserPk: number, key: string, refundPk: number) {
  return db
    .updateTable('refund_idempotency_keys')
    .set({ refund_pk: refundPk })
    .where('actor_user_pk', '=', actorUserPk)
    .where('idempotency_key', '=', key)
    .execute();
}

/** A provider's deposit by its payment id, locked. */
export function lockDepositOfPayment(db: Executor, provider: string, externalId: string) {
  return db
    .selectFrom('financial_movements')
    .selectAll()
    .where('target_type', '=', 'USER')
    .where('provider', '=', provider)
    .where('external_id', '=', externalId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts a provider's deposit unless one with the same payment id exists (a racing notification). */
export async function insertDepositOnce(db: Executor, values: Insertable<FinancialMovementsTable>): Promise<Movement | undefined> {
  return (await db
    .insertInto('financial_movements')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['provider', 'external_id'])
        // The unique index's predicate, written out (not bound) so that PostgreSQL can match it.
        .where(sql<boolean>`target_type = 'USER' and external_id is not null and provider not in ('manual', 'none')`)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst()) as Movement | undefined;
}
