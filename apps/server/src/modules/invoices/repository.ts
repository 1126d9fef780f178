import type { TenantScope } from '../../platform/auth/context';
import { ownedStation } from '../../db/sql/owned-stations';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { InvoiceState } from '@recarga/contracts/payments';
import type { Executor } from '../../db/db';
import type { InvoicesTable } from '../../db/schema-billing';

/** Whether the tenant issues invoices. */
export function tenantInvoicing(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select(['invoicing_enabled']).where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
}

/** Inserts the movement's invoice unless it has one; answers the new state, undefined when it existed. */
export function insertInvoiceIfMissing(db: Executor, values: Insertable<InvoicesTable>) {
  return db
    .insertInto('invoices')
    .values(values)
    .onConflict((oc) => oc.column('movement_pk').doNothing())
    .returning('state')
    .executeTakeFirst();
}

export function invoiceStateOfMovement(db: Executor, movementPk: number) {
  return db.selectFrom('invoices').select('state').where('movement_pk', '=', movementPk).executeTakeFirstOrThrow();
}

/** Which of these tenants issue invoices. */
export function tenantsInvoicing(db: Executor, tenantPks: number[]) {
  if (tenantPks.length === 0) return Promise.resolve([]);
  return db.selectFrom('tenants').select(['tenant_pk', 'invoicing_enabled']).where('tenant_pk', 'in', tenantPks).execute();
}

/** Invoices of many movements (a history import; movements without one), in one statement. */
export async function insertInvoices(db: Executor, rows: Insertable<InvoicesTable>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('invoices')
    .values(rows)
    .onConflict((oc) => oc.column('movement_pk').doNothing())
    .execute();
}

/** Mirrors one invoice state on many movements. */
export async function setMovementsInvoiceState(db: Executor, movementPks: number[], state: InvoiceState) {
  if (movementPks.length === 0) return;
  await db.updateTable('financial_movements').set({ invoice_state: state }).where('movement_pk', 'in', movementPks).execute();
}

/** Mirrors an invoice's state on its movement. */
export function setMovementInvoiceState(db: Executor, movementPk: number, state: InvoiceState) {
  return db.updateTable('financial_movements').set({ invoice_state: state }).where('movement_pk', '=', movementPk).execute();
}

export function transactionInScope(db: Executor, transactionPk: number, scope: TenantScope) {
  return db
    .selectFrom('transactions')
    .select(['transaction_pk'])
    .where('transaction_pk', '=', transactionPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'transactions.charge_box_pk'))
    .executeTakeFirst();
}

/** The approved recharge bill (not the idle one) of a transaction, locked. */
export function lockApprovedRechargeBill(db: Executor, transactionPk: number) {
  return db
    .selectFrom('financial_movements')
    .selectAll()
    .where('transaction_pk', '=', transactionPk)
    .where('is_idle_payment', '=', false)
    .where('payment_status', '=', 'approved')
    .forUpdate()
    .executeTakeFirst();
}

export function lockInvoiceOfMovement(db: Executor, movementPk: number) {
  return db.selectFrom('invoices').selectAll().where('movement_pk', '=', movementPk).forUpdate().executeTakeFirst();
}

export function updateInvoice(db: Executor, invoicePk: number, set: Updateable<InvoicesTable>) {
  return db.updateTable('invoices').set(set).where('invoice_pk', '=', invoicePk).execute();
}

/** Puts an invoice back in PROCESSING, due now, counting one more attempt (a resend). */
export function requeueInvoice(db: Executor, invoicePk: number, issuer: string) {
  return db
    .updateTable('invoices')
    .set({
      state: 'PROCESSING',
      issuer,
      issuer_ref: null,
      message: null,
      attempts: sql<number>`attempts + 1`,
      next_step_at: new Date(),
      updated_at: new Date(),
    })
    .where('invoice_pk', '=', invoicePk)
    .execute();
}

/** The first invoice due at `now` (PROCESSING, or with an action after a refund), locked; skips the ones another node holds. */
export function lockNextDue(db: Executor, now: Date) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where((eb) => eb.or([eb('state', '=', 'PROCESSING'), eb('pending_action', 'is not', null)]))
    .where('next_step_at', '<=', now)
    .orderBy('next_step_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Allocates the tenant's next RPS number. */
export function nextInvoiceNumber(db: Executor, tenantPk: number) {
  return db
    .insertInto('invoice_counters')
    .values({ tenant_pk: tenantPk, last_number: 1 })
    .onConflict((oc) => oc.column('tenant_pk').doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
}

/** Everything an invoice document shows: tenant, driver, station, recharge, composition, payment. */
export function documentData(db: Executor, invoicePk: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('financial_movements as m', 'm.movement_pk', 'i.movement_pk')
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'i.tenant_pk')
    .innerJoin('transactions as t', 't.transaction_pk', 'i.transaction_pk')
    .innerJoin('transaction_billing as b', 'b.transaction_pk', 't.transaction_pk')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 't.charge_box_pk')
    .leftJoin('users as u', 'u.user_pk', 'm.user_pk')
    .select([
      'i.invoice_pk',
      'tn.tenant_pk',
      'tn.name as tenant_name',
      'tn.country',
      'tn.currency',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.doc_type',
      'u.doc_number',
      'cb.charge_box_id',
      'cb.description',
      'cb.street',
      'cb.house_number',
      'cb.city',
      'cb.state',
      't.transaction_pk',
      't.start_timestamp',
      't.stop_timestamp',
      'b.energy_wh',
      'b.duration_seconds',
      'b.start_fee',
      'b.energy_amount',
      'b.operational_fee',
      'b.voucher_discount',
      'b.tax',
      'b.total',
      'm.refunded_amount',
      'm.payment_type',
      'm.paid_at',
      'i.replaces_number',
    ])
    .where('i.invoice_pk', '=', invoicePk)
    .executeTakeFirstOrThrow();
}

export function movementOfInvoice(db: Executor, invoicePk: number) {
  return db.selectFrom('invoices').select('movement_pk').where('invoice_pk', '=', invoicePk).executeTakeFirstOrThrow();
}

/** Locks a movement's row (the first lock of the order: movement, then invoice). */
export function lockMovementRow(db: Executor, movementPk: number) {
  return db.selectFrom('financial_movements').select('movement_pk').where('movement_pk', '=', movementPk).forUpdate().execute();
}

export function lockInvoice(db: Executor, invoicePk: number) {
  return db
    .selectFrom('invoices')
    .select(['movement_pk', 'state', 'pending_action'])
    .where('invoice_pk', '=', invoicePk)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The latest invoice of a recharge's bill (not of its idle payment) in the scope. */
export function latestRechargeInvoice(db: Executor, transactionPk: number, scope: TenantScope) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('financial_movements as m', 'm.movement_pk', 'i.movement_pk')
    .innerJoin('transactions as t', 't.transaction_pk', 'i.transaction_pk')
    .select(['i.invoice_pk', 'i.state', 'i.pdf_file', 'i.number', 'i.tenant_pk'])
    .where('i.transaction_pk', '=', transactionPk)
    .where('m.is_idle_payment', '=', false)
    .where('i.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 't.charge_box_pk'))
    .orderBy('i.invoice_pk', 'desc')
    .executeTakeFirst();
}
