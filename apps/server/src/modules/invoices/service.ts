import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { resendableInvoiceStates, type InvoiceState } from '@recarga/contracts/payments';
import type { DB } from '../../db/db';
import type { StoredInvoiceState } from '../../db/schema-billing';
import type { TenantScope } from '../../platform/auth/context';
import { conflict, notFound } from '../../platform/errors';
import type { Movement } from '../payments/ledger-service';
import type { InvoiceDocument, InvoiceIssuer, IssuerResult } from './invoice-issuer';
import * as repo from './repository';

export interface InvoiceServiceDeps {
  db: Kysely<DB>;
  issuer: InvoiceIssuer;
  /** PDFs go to `<dataDir>/invoices/<tenantPk>/<invoicePk>.pdf`. */
  dataDir: string;
  /** Delay before the issuer is asked again while PROCESSING (ms). */
  stepDelayMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

const invoiceMessages = {
  notConfigured: 'Invoicing is not enabled for this tenant; no invoice can be issued.',
  notPaid: 'The recharge is not paid: there is no invoice to issue.',
  notResendable: 'The invoice is authorised or being processed; it cannot be requested again.',
  cancelledUnissued: 'The recharge was refunded in full before the invoice was issued.',
  noCancel: 'This invoice issuer cannot cancel or correct invoices; do it at the issuer.',
  noPdf: 'The invoice has no PDF (it is not authorised).',
} as const;

const SERIES = '1';
/** A claimed invoice is left alone by other nodes for this long. */
const CLAIM_MS = 60_000;
/** After this many failed submissions the invoice stays in error until someone resends it. */
const MAX_AUTO_ATTEMPTS = 5;

/**
 * Invoices (NF) of paid recharges. One canonical state per invoice (InvoiceState), mirrored on
 * the movement; both vocabularies come from it (packages/contracts/src/payments.ts). A request
 * records PROCESSING (or NOT_CONFIGURED for a tenant without invoicing) inside the payment's
 * database transaction; the issuer is called later, outside it, by `processDue` (a periodic job
 * and a kick after the payment's commit).
 */
export class InvoiceService {
  private readonly stepDelayMs: number;
  private kickTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private automatic = true;

  constructor(private readonly deps: InvoiceServiceDeps) {
    this.stepDelayMs = deps.stepDelayMs ?? 1000;
  }

  /** Records the invoice request of an approved recharge bill (in the approving transaction). */
  async request(trx: Transaction<DB>, movement: Movement): Promise<StoredInvoiceState> {
    const tenant = await repo.tenantInvoicing(trx, movement.tenant_pk);
    const state: StoredInvoiceState = tenant.invoicing_enabled ? 'PROCESSING' : 'NOT_CONFIGURED';
    const inserted = await repo.insertInvoiceIfMissing(trx, {
      movement_pk: movement.movement_pk,
      transaction_pk: movement.transaction_pk,
      tenant_pk: movement.tenant_pk,
      issuer: this.deps.issuer.name,
      state,
      issuer_ref: null,
      number: null,
      series: null,
      access_key: null,
      message: state === 'NOT_CONFIGURED' ? invoiceMessages.notConfigured : null,
      next_step_at: state === 'PROCESSING' ? new Date(Date.now() + this.stepDelayMs) : null,
      authorized_at: null,
      pdf_file: null,
    });
    if (!inserted) return (await repo.invoiceStateOfMovement(trx, movement.movement_pk)).state;
    await this.setMovementState(trx, movement.movement_pk, state);
    if (state === 'PROCESSING') this.kickLater();
    return state;
  }

  /**
   * `request` for many approved recharge bills at once (a history import: one statement each for
   * the invoices and the movements' states instead of four per bill). Each invoice is requested
   * at its payment's time and is due at once; the job issues them.
   */
  async requestMany(trx: Transaction<DB>, movements: Movement[]): Promise<void> {
    if (movements.length === 0) return;
    const invoicing = new Map(
      (await repo.tenantsInvoicing(trx, [...new Set(movements.map((m) => m.tenant_pk))])).map((t) => [t.tenant_pk, t.invoicing_enabled]),
    );
    const stateOf = (m: Movement): StoredInvoiceState => (invoicing.get(m.tenant_pk) ? 'PROCESSING' : 'NOT_CONFIGURED');
    await repo.insertInvoices(
      trx,
      movements.map((m) => ({
        movement_pk: m.movement_pk,
        transaction_pk: m.transaction_pk,
        tenant_pk: m.tenant_pk,
        issuer: this.deps.issuer.name,
        state: stateOf(m),
        issuer_ref: null,
        number: null,
        series: null,
        access_key: null,
        message: stateOf(m) === 'NOT_CONFIGURED' ? invoiceMessages.notConfigured : null,
        requested_at: m.paid_at ?? m.created_at,
        updated_at: m.paid_at ?? m.created_at,
        next_step_at: stateOf(m) === 'PROCESSING' ? new Date() : null,
        authorized_at: null,
        pdf_file: null,
      })),
    );
    for (const state of ['PROCESSING', 'NOT_CONFIGURED'] as const)
      await repo.setMovementsInvoiceState(
        trx,
        movements.filter((m) => stateOf(m) === state).map((m) => m.movement_pk),
        state,
      );
    if (movements.some((m) => stateOf(m) === 'PROCESSING')) this.kickLater();
  }

  /**
   * After a refund of a recharge bill, in the refund's transaction (lock order: movement, then
   * invoice). Total refund: an issued (or submitted) invoice is to be cancelled by the issuer
   * (pending action CANCEL; it stays AUTHORIZED until the issuer answers CANCELLED or
   * CANCEL_ERROR), one never issued becomes CANCELLED at once. Partial refund: an authorised
   * invoice is to be corrected (pending action CORRECT: a replacement for the amount kept); one not
   * issued yet will state the amount kept when it is issued.
   */
  async refunded(trx: Transaction<DB>, movement: Movement, total: boolean): Promise<void> {
    const invoice = await repo.lockInvoiceOfMovement(trx, movement.movement_pk);
    if (!invoice || invoice.state === 'CANCELLED') return;
    const issued = invoice.state === 'AUTHORIZED' || (invoice.state === 'PROCESSING' && invoice.issuer_ref !== null);
    if (total && !issued) {
      await repo.updateInvoice(trx, invoice.invoice_pk, {
        state: 'CANCELLED',
        pending_action: null,
        next_step_at: null,
        message: invoiceMessages.cancelledUnissued,
        updated_at: new Date(),
      });
      await this.setMovementState(trx, movement.movement_pk, 'CANCELLED');
      return;
    }
    const action = total ? 'CANCEL' : invoice.state === 'AUTHORIZED' ? 'CORRECT' : null;
    if (!action) return;
    await repo.updateInvoice(trx, invoice.invoice_pk, { pending_action: action, next_step_at: new Date(), updated_at: new Date() });
    this.kickLater(0);
  }

  private setMovementState(trx: Transaction<DB>, movementPk: number, state: InvoiceState) {
    return repo.setMovementInvoiceState(trx, movementPk, state);
  }

  /**
   * Requests the invoice of a recharge again (nfe/resend): allowed from an error state and from
   * NOT_CONFIGURED once the tenant enabled invoicing. The recharge must be paid.
   */
  async resend(scope: TenantScope, transactionPk: number): Promise<InvoiceState> {
    const state = await this.deps.db.transaction().execute(async (trx) => {
      const tx = await repo.transactionInScope(trx, transactionPk, scope);
      if (!tx) throw notFound('Transaction not found');
      const movement = await repo.lockApprovedRechargeBill(trx, transactionPk);
      if (!movement) throw conflict(invoiceMessages.notPaid, undefined, 'NOT_PAID');
      const invoice = await repo.lockInvoiceOfMovement(trx, movement.movement_pk);
      if (!invoice) return this.request(trx, movement);
      if (!resendableInvoiceStates.includes(invoice.state))
        throw conflict(invoiceMessages.notResendable, undefined, 'INVOICE_NOT_RESENDABLE');
      const tenant = await repo.tenantInvoicing(trx, invoice.tenant_pk);
      if (!tenant.invoicing_enabled) {
        await repo.updateInvoice(trx, invoice.invoice_pk, {
          state: 'NOT_CONFIGURED',
          message: invoiceMessages.notConfigured,
          updated_at: new Date(),
        });
        await this.setMovementState(trx, movement.movement_pk, 'NOT_CONFIGURED');
        return 'NOT_CONFIGURED' as const;
      }
      await repo.requeueInvoice(trx, invoice.invoice_pk, this.deps.issuer.name);
      // A correction that failed (after a partial refund) is tried again rather than a second invoice issued.
      if (invoice.state === 'CANCEL_ERROR' && invoice.access_key)
        await repo.updateInvoice(trx, invoice.invoice_pk, { pending_action: 'CORRECT', issuer_ref: invoice.issuer_ref });
      await this.setMovementState(trx, movement.movement_pk, 'PROCESSING');
      return 'PROCESSING' as const;
    });
    if (state === 'NOT_CONFIGURED') throw conflict(invoiceMessages.notConfigured, undefined, 'INVOICING_NOT_CONFIGURED');
    this.kickLater(0);
    return state;
  }

  /**
   * Turns the automatic steps (kick after a request, periodic job) off or on: tests and
   * maintenance drive `processDue` by hand meanwhile.
   */
  setAutomatic(on: boolean) {
    this.automatic = on;
    if (!on && this.kickTimer) {
      clearTimeout(this.kickTimer);
      this.kickTimer = null;
    }
  }

  /** The periodic job's step (nothing while automatic steps are off). */
  async jobStep(): Promise<void> {
    if (this.automatic) await this.processDue();
  }

  /** Runs `processDue` soon (after a payment's commit), without waiting for the periodic job. */
  kickLater(delayMs = this.stepDelayMs) {
    if (this.closed || !this.automatic || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.processDue().catch((err) => this.deps.log?.warn({ err }, 'invoices: step failed'));
    }, delayMs + 10);
    this.kickTimer.unref();
  }

  close() {
    this.closed = true;
    if (this.kickTimer) clearTimeout(this.kickTimer);
  }

  /**
   * One step for every invoice due (PROCESSING and next_step_at passed): claim it, allocate its
   * RPS number, ask the issuer (outside any database transaction), record the answer. Returns
   * how many invoices moved.
   */
  async processDue(now = new Date(), limit = 20): Promise<number> {
    let moved = 0;
    for (let i = 0; i < limit; i++) {
      const claimed = await this.claimNext(now);
      if (!claimed) break;
      if (claimed.action) {
        await this.recordAction(claimed.doc, claimed.action, await this.runAction(claimed.action, claimed.doc, claimed.ref));
        moved++;
        continue;
      }
      let result: IssuerResult;
      try {
        result = claimed.ref ? await this.deps.issuer.check(claimed.doc, claimed.ref) : await this.deps.issuer.submit(claimed.doc);
      } catch (err) {
        result = { state: 'CS_ERROR', message: `The invoice issuer failed: ${(err as Error).message}`.slice(0, 300) };
      }
      await this.record(claimed.doc, claimed.attempts, result);
      moved++;
    }
    return moved;
  }

  /** Drives every due invoice to a resting state (tests, demo): repeats `processDue` with a clock far ahead. */
  async drain(): Promise<void> {
    for (let i = 0; i < 10; i++) {
      if ((await this.processDue(new Date(Date.now() + 3_600_000), 1000)) === 0) return;
    }
  }

  private async claimNext(now: Date) {
    return this.deps.db.transaction().execute(async (trx) => {
      const inv = await repo.lockNextDue(trx, now);
      if (!inv) return null;
      let number = inv.number === null ? null : Number(inv.number);
      // A correction is a new invoice: a new number, naming the one it replaces.
      const replaces = inv.pending_action === 'CORRECT' && number !== null ? number : inv.replaces_number;
      if (number === null || inv.pending_action === 'CORRECT') {
        const counter = await repo.nextInvoiceNumber(trx, inv.tenant_pk);
        number = Number(counter.last_number);
      }
      await repo.updateInvoice(trx, inv.invoice_pk, {
        number,
        series: SERIES,
        replaces_number: replaces,
        next_step_at: new Date(now.getTime() + CLAIM_MS),
        updated_at: new Date(),
      });
      const doc = await this.document(trx, inv.invoice_pk, number);
      return { doc, ref: inv.issuer_ref, attempts: inv.attempts, action: inv.pending_action };
    });
  }

  /** Asks the issuer to cancel or correct (outside any database transaction). */
  private async runAction(action: 'CANCEL' | 'CORRECT', doc: InvoiceDocument, ref: string | null): Promise<IssuerResult> {
    const call = action === 'CANCEL' ? this.deps.issuer.cancel : this.deps.issuer.correct;
    if (!call) return { state: 'CANCEL_ERROR', message: invoiceMessages.noCancel };
    try {
      return await call.call(this.deps.issuer, doc, ref);
    } catch (err) {
      return { state: 'CANCEL_ERROR', message: `The invoice issuer failed: ${(err as Error).message}`.slice(0, 300) };
    }
  }

  private async recordAction(doc: InvoiceDocument, action: 'CANCEL' | 'CORRECT', result: IssuerResult) {
    let pdfFile: string | null = null;
    if (result.state === 'AUTHORIZED' && result.pdf) {
      pdfFile = this.pdfPath(doc.tenant.tenantPk, doc.invoicePk);
      await fs.promises.mkdir(path.dirname(pdfFile), { recursive: true });
      await fs.promises.writeFile(pdfFile, result.pdf);
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const { movement_pk } = await repo.movementOfInvoice(trx, doc.invoicePk);
      await repo.lockMovementRow(trx, movement_pk);
      const inv = await repo.lockInvoice(trx, doc.invoicePk);
      if (inv.pending_action !== action) return;
      const state: StoredInvoiceState = result.state === 'PROCESSING' ? 'CANCEL_ERROR' : result.state;
      await repo.updateInvoice(trx, doc.invoicePk, {
        state,
        pending_action: null,
        ...(state === 'AUTHORIZED' ? { access_key: result.accessKey ?? null, pdf_file: pdfFile, authorized_at: new Date() } : {}),
        ...(result.ref ? { issuer_ref: result.ref } : {}),
        message: result.message ?? null,
        next_step_at: null,
        updated_at: new Date(),
      });
      await this.setMovementState(trx, inv.movement_pk, state);
    });
  }

  private async document(trx: Transaction<DB>, invoicePk: number, number: number): Promise<InvoiceDocument> {
    const r = await repo.documentData(trx, invoicePk);
    return {
      invoicePk,
      number,
      series: SERIES,
      issuedAt: new Date(),
      tenant: { tenantPk: r.tenant_pk, name: r.tenant_name, country: r.country, currency: r.currency },
      driver: {
        name: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
        email: r.email,
        docType: r.doc_type,
        docNumber: r.doc_number,
      },
      station: {
        chargeBoxId: r.charge_box_id,
        description: r.description,
        address: [[r.street, r.house_number].filter(Boolean).join(', '), [r.city, r.state].filter(Boolean).join('/')]
          .filter(Boolean)
          .join(' - '),
      },
      recharge: {
        transactionPk: r.transaction_pk,
        startTimestamp: new Date(r.start_timestamp),
        stopTimestamp: r.stop_timestamp ? new Date(r.stop_timestamp) : null,
        energyWh: Number(r.energy_wh),
        durationSeconds: Number(r.duration_seconds),
      },
      composition: {
        startFee: Number(r.start_fee),
        energy: Number(r.energy_amount),
        operationalFee: Number(r.operational_fee),
        voucherDiscount: Number(r.voucher_discount),
        tax: Number(r.tax),
        total: Number(r.total),
        refunded: Number(r.refunded_amount),
      },
      replacesNumber: r.replaces_number === null ? null : Number(r.replaces_number),
      paymentType: r.payment_type,
      paidAt: r.paid_at ? new Date(r.paid_at) : null,
    };
  }

  private pdfPath(tenantPk: number, invoicePk: number) {
    return path.join(this.deps.dataDir, 'invoices', String(tenantPk), `${invoicePk}.pdf`);
  }

  private async record(doc: InvoiceDocument, attempts: number, result: IssuerResult) {
    let pdfFile: string | null = null;
    if (result.state === 'AUTHORIZED' && result.pdf) {
      pdfFile = this.pdfPath(doc.tenant.tenantPk, doc.invoicePk);
      await fs.promises.mkdir(path.dirname(pdfFile), { recursive: true });
      await fs.promises.writeFile(pdfFile, result.pdf);
    }
    // A failure of the issuer itself is retried a few times with a growing delay.
    const retry = result.state === 'CS_ERROR' && attempts < MAX_AUTO_ATTEMPTS;
    const state: StoredInvoiceState = retry ? 'PROCESSING' : result.state;
    await this.deps.db.transaction().execute(async (trx) => {
      // Lock order everywhere: movement, then invoice (payments and resend hold the movement first).
      const { movement_pk } = await repo.movementOfInvoice(trx, doc.invoicePk);
      await repo.lockMovementRow(trx, movement_pk);
      const inv = await repo.lockInvoice(trx, doc.invoicePk);
      if (inv.state !== 'PROCESSING') return;
      await repo.updateInvoice(trx, doc.invoicePk, {
        state,
        issuer_ref: result.ref ?? null,
        access_key: result.accessKey ?? null,
        message: result.message ?? null,
        attempts: retry ? attempts + 1 : attempts,
        // A refund that asked meanwhile to cancel or correct it keeps it due.
        next_step_at:
          state === 'PROCESSING'
            ? new Date(Date.now() + this.stepDelayMs * (retry ? 2 ** attempts : 1))
            : inv.pending_action
              ? new Date()
              : null,
        authorized_at: state === 'AUTHORIZED' ? new Date() : null,
        pdf_file: pdfFile,
        updated_at: new Date(),
      });
      await this.setMovementState(trx, inv.movement_pk, state);
    });
    if (state === 'PROCESSING') this.kickLater();
  }

  /** The authorised invoice PDF of a recharge in the scope: path and name for the download route. */
  async pdfOf(scope: TenantScope, transactionPk: number): Promise<{ file: string; name: string }> {
    const inv = await repo.latestRechargeInvoice(this.deps.db, transactionPk, scope);
    if (!inv) throw notFound('Invoice not found');
    if (inv.state !== 'AUTHORIZED' || !inv.pdf_file || !fs.existsSync(inv.pdf_file))
      throw notFound(invoiceMessages.noPdf, 'INVOICE_NOT_AUTHORIZED');
    return { file: inv.pdf_file, name: `nota-fiscal-${String(inv.number ?? inv.invoice_pk).padStart(9, '0')}.pdf` };
  }
}
