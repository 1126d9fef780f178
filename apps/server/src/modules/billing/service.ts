import type { Kysely, Transaction } from 'kysely';
import type { PaymentType } from '@recarga/contracts/payments';
import type { DB } from '../../db/db';
import type { DynamicPricingService } from '../dynamic-pricing/service';
import type { Ledger } from '../payments/ledger-service';
import { voucherOnQuote, type VoucherService } from '../vouchers/service';
import { measureIdle } from './idle';
import { priceRecharge, ruleAmount, tariffFromStation, type Tariff } from './pricing';
import * as repo from './repository';

/**
 * Minor units for an energy at a price per kWh (minor units), half-up like every line of a
 * recharge's composition: the one rule for reports that price energy outside a recharge.
 */
export function energyPrice(energyWh: number, perKwh: number): number {
  return ruleAmount({ type: 'KWH', perKwh, perMinute: 0, perTransaction: 0 }, { energyWh, durationSec: 0 });
}

export interface BillingLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BillingServiceDeps {
  db: Kysely<DB>;
  ledger: Ledger;
  log: BillingLogger;
  /** Payment type of a pending bill for a driver without a wallet (the app pays it by card). */
  pendingCardType: () => PaymentType;
  /** Dynamic pricing: the quote of a recharge on a connector whose virtual group prices it. */
  dynamicPricing?: Pick<DynamicPricingService, 'quote'>;
  now?: () => Date;
}

/** The tariff snapshot stored with a priced recharge. */
export interface TariffSnapshot extends Tariff {
  chargeBy: 'CHARGE_BOX' | 'CONNECTOR';
  connectorId: number;
  freeRecharge: boolean;
  idleGraceMinutes: number;
}

/** What idle measurement reads of a recharge's billing row and transaction. */
interface KnownIdleInput {
  billing: { tariff: TariffSnapshot; currency: string; idleCanceledAt: Date | string | null };
  transaction: Pick<
    repo.PricingInput,
    'connector_pk' | 'start_timestamp' | 'stop_timestamp' | 'user_pk' | 'tenant_pk' | 'requested_payment_type'
  >;
}

/** A recharge of the past priced by `priceFinished`, for the ledger to bill at its stop. */
export interface FinishedBill {
  transactionPk: number;
  tenantPk: number;
  chargeBoxPk: number;
  userPk: number | null;
  amount: number;
  currency: string;
  /** The stop: when the bill was made. */
  at: Date;
  pendingType: PaymentType;
}

/** The billing row's columns of a priced recharge: what it measured, its composition, the tariff it was priced on. */
function pricedColumns(
  input: Pick<repo.PricingInput, 'tenant_pk' | 'charge_box_pk' | 'currency'>,
  snapshot: TariffSnapshot,
  c: ReturnType<typeof priceRecharge>,
  measured: { start: Date; energyWh: number; durationSec: number },
) {
  return {
    tenant_pk: input.tenant_pk,
    charge_box_pk: input.charge_box_pk,
    start_timestamp: measured.start,
    currency: input.currency,
    has_payment: snapshot.hasPayment,
    energy_wh: measured.energyWh,
    duration_seconds: measured.durationSec,
    start_fee: c.startFee,
    energy_amount: c.energy,
    operational_fee: c.operationalFee,
    voucher_discount: c.voucherDiscount,
    tax: c.tax,
    total: c.total,
    cost: c.cost,
    tariff: JSON.stringify(snapshot),
  };
}

export type PriceOutcome = 'priced' | 'repriced' | 'unchanged' | 'running' | 'missing' | 'busy';

/** Releases looked up in one statement (a reconnect storm reports thousands of Available connectors). */
const RELEASE_CHUNK = 500;

/**
 * Prices stopped recharges and measures their idle time (docs/decisions-billing.md):
 * - a trigger queues every stopped transaction (billing_queue) in the stop's own database
 *   transaction; this service prices it right after the stop's commit (OCPP post-commit event)
 *   and a periodic job prices whatever is left, so a crash never loses a bill;
 * - pricing uses billing/pricing.ts with the station's payment settings (by charge box or by
 *   connector), stores the composition with a snapshot of the tariff and bills the driver in the
 *   ledger (wallet when it can pay, else pending);
 * - idle time is measured once the connector is released; an idle amount exists only with an
 *   idle price, and is billed as its own (idle) payment.
 */
export class BillingService {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly now: () => Date;
  /** Post-commit work waiting for the worker (see `wake`). */
  private readonly stopped = new Set<number>();
  private readonly released = new Map<string, { chargeBoxId: string; connectorId: number }>();
  private worker: Promise<void> | null = null;
  private closed = false;
  /** Vouchers (modules/vouchers, registered after billing): which voucher pays (part of) a recharge. */
  private vouchers: Pick<VoucherService, 'applyToRecharge'> | null = null;

  constructor(private readonly deps: BillingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Lets recharges be paid (in part) by the users' vouchers (the vouchers module calls it at start-up). */
  useVouchers(vouchers: Pick<VoucherService, 'applyToRecharge'>) {
    this.vouchers = vouchers;
  }

  /** Runs work in the background, remembered so `settled()` can wait for it. */
  private track(p: Promise<unknown>) {
    const q = p.catch((err) => this.deps.log.error({ err }, 'billing: background step failed'));
    this.inFlight.add(q);
    void q.finally(() => this.inFlight.delete(q));
  }

  async settled() {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** OCPP post-commit: transactions just stopped (priced by the background worker, in order). */
  transactionsStopped(transactionPks: number[]) {
    if (this.closed) return;
    for (const pk of transactionPks) this.stopped.add(pk);
    this.wake();
  }

  /** OCPP post-commit: a connector reported a status; a release may end idle time. */
  connectorStatus(chargeBoxId: string, connectorId: number, status: string) {
    if (connectorId <= 0 || status === 'Charging' || status === 'SuspendedEV' || status === 'SuspendedEVSE' || status === 'Finishing')
      return;
    if (this.closed) return;
    this.released.set(`${chargeBoxId}\u0000${connectorId}`, { chargeBoxId, connectorId });
    this.wake();
  }

  /**
   * Stops taking post-commit work and drops what is waiting: it is all on record (billing_queue,
   * open idle measurements) and the reconcile job picks it up, on this node's next start or on
   * another node. What is under way finishes (`settled()`).
   */
  close() {
    this.closed = true;
    this.stopped.clear();
    this.released.clear();
  }

  /**
   * One worker handles the post-commit work, one item at a time: a burst of stops or statuses (a
   * whole fleet stopping, a reconnect storm) then holds one pooled connection instead of one per
   * message, and stations' own messages and the API keep theirs. Stops are priced before releases
   * are measured (a release ends the idle time of a priced recharge).
   */
  private wake() {
    if (this.worker) return;
    this.worker = (async () => {
      try {
        while (!this.closed && (this.stopped.size || this.released.size)) {
          if (this.stopped.size) {
            const pks = [...this.stopped];
            this.stopped.clear();
            await this.processQueue(pks);
            continue;
          }
          const releases = [...this.released.values()];
          this.released.clear();
          for (let i = 0; i < releases.length && !this.closed; i += RELEASE_CHUNK) {
            await this.measureReleases(releases.slice(i, i + RELEASE_CHUNK));
          }
        }
      } finally {
        this.worker = null;
      }
    })();
    this.track(this.worker);
  }

  /** Ends the idle time of the recharges that held these connectors, if any (one look-up for all). */
  private async measureReleases(released: { chargeBoxId: string; connectorId: number }[]) {
    try {
      for (const r of await repo.idlePendingOnConnectors(this.deps.db, released)) {
        if (this.closed) return;
        await this.measureIdleOf(r.transaction_pk);
      }
    } catch (err) {
      this.deps.log.error({ err, connectors: released.length }, 'billing: idle measurement failed');
    }
  }

  /** Prices queued transactions: the given ones, or every due entry (job). Returns how many were priced. */
  async processQueue(transactionPks?: number[], limit = 200): Promise<number> {
    const pks = transactionPks ?? (await repo.dueQueue(this.deps.db, limit)).map((r) => r.transaction_pk);
    let n = 0;
    for (const pk of pks) {
      if (this.closed) break; // the rest stays queued for the reconcile job
      try {
        const outcome = await this.priceFromQueue(pk);
        if (outcome === 'priced' || outcome === 'repriced') n++;
      } catch (err) {
        this.deps.log.error({ err, transactionPk: pk }, 'billing: pricing failed');
        await repo.deferQueueEntry(this.deps.db, pk, (err as Error).message).catch(() => undefined);
      }
    }
    return n;
  }

  private priceFromQueue(transactionPk: number): Promise<PriceOutcome> {
    return this.deps.db.transaction().execute(async (trx) => {
      // Lock order everywhere: transaction row (with what pricing reads of it), then queue entry
      // (the OCPP stop holds the transaction row while its trigger writes the queue entry).
      const input = await repo.lockPricingInput(trx, transactionPk);
      const entry = await repo.lockQueueEntry(trx, transactionPk);
      if (!entry) return 'busy';
      const outcome = await this.price(trx, transactionPk, true, input ?? null);
      if (outcome !== 'running') await repo.deleteQueueEntry(trx, transactionPk);
      return outcome;
    });
  }

  /**
   * Prices a stopped transaction now if it is not priced yet (used before a manual approval, so
   * an operator never waits for the queue). Answers what happened.
   */
  ensurePriced(trx: Transaction<DB>, transactionPk: number): Promise<PriceOutcome> {
    return this.price(trx, transactionPk, false);
  }

  /** The recharge's billing row (composition, idle time, bills), locked; undefined when not priced. */
  lockBilling(trx: Transaction<DB>, transactionPk: number) {
    return repo.lockBilling(trx, transactionPk);
  }

  /** Records that a user cancelled the recharge's idle payment (the caller holds the billing row's lock). */
  async markIdleCanceled(trx: Transaction<DB>, transactionPk: number, userPk: number): Promise<void> {
    await repo.updateBilling(trx, transactionPk, { idle_canceled_at: new Date(), idle_canceled_by: userPk });
  }

  /**
   * Prices one transaction inside `trx` (transaction row locked). With `reprice`, a priced
   * transaction whose recharge bill is not paid yet is priced again (its stop changed). `locked`
   * is the pricing input when the caller has already read it under the row lock.
   */
  private async price(
    trx: Transaction<DB>,
    transactionPk: number,
    reprice: boolean,
    locked?: repo.PricingInput | null,
  ): Promise<PriceOutcome> {
    const input = locked === undefined ? await repo.lockPricingInput(trx, transactionPk) : locked;
    if (!input) return 'missing';
    if (!input.stop_timestamp) return 'running';
    const existing = await repo.lockBilling(trx, transactionPk);
    if (existing) {
      if (!reprice) return 'unchanged';
      const bill = existing.movement_pk ? await this.deps.ledger.lockMovement(trx, Number(existing.movement_pk)) : undefined;
      if (bill && bill.payment_status !== 'pending') return 'unchanged';
    }

    let snapshot = this.tariffOf(input);
    const start = new Date(input.start_timestamp);
    const stop = new Date(input.stop_timestamp);
    const energyWh = Number(input.energy_wh);
    const durationSec = Math.max(0, Math.round((stop.getTime() - start.getTime()) / 1000));
    let c = priceRecharge(snapshot, { energyWh, durationSec });
    // A connector whose virtual group prices it: the profile's rules in force at the start, by
    // time-of-use segment (modules/dynamic-pricing); a free-recharge tag stays free.
    const quote =
      this.deps.dynamicPricing && !snapshot.freeRecharge
        ? await this.deps.dynamicPricing.quote(trx, {
            transactionPk,
            chargeBoxPk: input.charge_box_pk,
            connectorId: input.connector_id,
            start,
            stop,
            startWh: Number(input.start_value_wh),
            stopWh: Number(input.start_value_wh) + energyWh,
            reserved: input.reserved === true,
            fallback: {
              perKwh: snapshot.income.perKwh,
              perMinute: snapshot.income.perMinute,
              byEnergy: snapshot.income.type === 'KWH',
              taxes: snapshot.taxFraction,
            },
          })
        : null;
    if (quote) {
      const b = quote.breakdown;
      snapshot = { ...snapshot, hasPayment: true, idlePerMinute: b.idlePerMinute, operationFeeFraction: 0 };
      c = {
        ...c,
        startFee: b.startFee + b.reserve,
        energy: b.energy,
        operationalFee: b.operationalFee,
        voucherDiscount: 0,
        tax: b.tax,
        total: b.total,
        priceless: b.total === 0,
      };
    }
    // A voucher of the driver (modules/vouchers: the one rule of which voucher, how much; the
    // user's copy locked; a re-pricing's previous use given back first). The discount comes off
    // before tax, as priceRecharge does; on a dynamic quote, voucherOnQuote.
    const applied =
      this.vouchers && c.startFee + c.energy + c.operationalFee > 0
        ? await this.vouchers.applyToRecharge(trx, {
            transactionPk,
            userPk: input.user_pk,
            chargeBoxPk: input.charge_box_pk,
            at: stop,
            repricing: Boolean(existing),
            rechargeAmount: c.startFee + c.energy + c.operationalFee,
            price: (voucher) => {
              if (!quote) return priceRecharge(snapshot, { energyWh, durationSec }, voucher);
              const v = voucherOnQuote({ ...quote.breakdown, startFee: c.startFee, reserve: 0 }, energyWh, voucher);
              return { ...c, voucherDiscount: v.voucherDiscount, voucherUsed: v.voucherUsed, tax: v.tax, total: v.total, priceless: false };
            },
          })
        : this.vouchers && existing
          ? await this.vouchers.applyToRecharge(trx, {
              transactionPk,
              userPk: null,
              chargeBoxPk: input.charge_box_pk,
              at: stop,
              repricing: true,
              rechargeAmount: 0,
              price: () => c,
            })
          : null;
    if (applied) c = applied.composition;
    const row = {
      ...pricedColumns(input, snapshot, c, { start, energyWh, durationSec }),
      priceless: c.total === 0 && !applied,
      priced_at: new Date(),
      pricing_profile_pk: quote?.profilePk ?? null,
      pricing_version: quote?.version ?? null,
      breakdown: quote ? JSON.stringify(quote.breakdown) : null,
    };
    if (existing) {
      await repo.updateBilling(trx, transactionPk, { ...row, idle_final: false });
    } else {
      await repo.insertBilling(trx, {
        transaction_pk: transactionPk,
        ...row,
        movement_pk: null,
        idle_movement_pk: null,
        idle_started_at: null,
        idle_ended_at: null,
        idle_canceled_at: null,
        idle_canceled_by: null,
      });
    }
    if (c.total > 0) {
      await this.deps.ledger.bill(trx, {
        transactionPk,
        tenantPk: input.tenant_pk,
        userPk: input.user_pk,
        amount: c.total,
        currency: input.currency,
        isIdle: false,
        pendingType: input.user_pk === null ? 'MANUAL_DASHBOARD' : this.deps.pendingCardType(),
        requestedType: (input.requested_payment_type as PaymentType | null) ?? undefined,
      });
      // (bill points the billing row at the bill and records its revenue status)
    } else if (applied) {
      // Paid in full by the voucher: an approved VOUCHER movement (a pending bill of an earlier pricing is cancelled).
      await this.deps.ledger.payByVoucher(trx, {
        transactionPk,
        tenantPk: input.tenant_pk,
        userPk: input.user_pk,
        currency: input.currency,
        voucherUnitPk: applied.voucherUserPk,
      });
    } else {
      // Re-priced to nothing: the pending bill goes away.
      if (existing?.movement_pk) await this.deps.ledger.cancelBill(trx, Number(existing.movement_pk), 'repriced to zero');
      await this.deps.ledger.syncRecharge(trx, transactionPk);
    }
    // The billing row and the transaction as just written and read: idle measurement needs no re-read.
    await this.measureIdle(trx, transactionPk, {
      billing: { tariff: snapshot, currency: input.currency, idleCanceledAt: existing?.idle_canceled_at ?? null },
      transaction: input,
    });
    return existing ? 'repriced' : 'priced';
  }

  /**
   * Prices recharges that ended in the past, all at once (the demo's history: one statement per
   * 500 rows instead of a transaction each): the station's tariff by the same rule as `price`
   * (pricing.ts), stamped as priced at the stop, as the post-commit worker would have; the car
   * left at the stop (no idle time). Their queue entries go. No voucher and no pricing profile
   * take part (the callers' recharges have none: the vouchers of a history go through `price`).
   * Answers what the ledger bills, in the order given.
   */
  async priceFinished(trx: Transaction<DB>, transactionPks: number[]): Promise<FinishedBill[]> {
    const inputs = new Map((await repo.pricingInputs(trx, transactionPks)).map((i) => [i.transaction_pk, i]));
    const rows: Parameters<typeof repo.insertBillings>[1] = [];
    const bills: FinishedBill[] = [];
    for (const pk of transactionPks) {
      const input = inputs.get(pk);
      if (!input?.stop_timestamp) continue;
      const snapshot = this.tariffOf(input);
      const start = new Date(input.start_timestamp);
      const stop = new Date(input.stop_timestamp);
      const energyWh = Number(input.energy_wh);
      const durationSec = Math.max(0, Math.round((stop.getTime() - start.getTime()) / 1000));
      const c = priceRecharge(snapshot, { energyWh, durationSec });
      const idle = measureIdle({
        start,
        stop,
        statuses: [{ status: 'Available', at: stop }],
        powerIdleSince: null,
        nextStart: null,
        now: stop,
      });
      rows.push({
        transaction_pk: pk,
        ...pricedColumns(input, snapshot, c, { start, energyWh, durationSec }),
        priceless: c.total === 0,
        priced_at: stop,
        movement_pk: null,
        idle_movement_pk: null,
        idle_started_at: idle.idleStart,
        idle_ended_at: idle.idleEnd,
        idle_seconds: idle.seconds,
        idle_amount: 0,
        idle_final: idle.final,
        idle_canceled_at: null,
        idle_canceled_by: null,
      });
      if (c.total > 0)
        bills.push({
          transactionPk: pk,
          tenantPk: input.tenant_pk,
          chargeBoxPk: input.charge_box_pk,
          userPk: input.user_pk,
          amount: c.total,
          currency: input.currency,
          at: stop,
          pendingType: input.user_pk === null ? 'MANUAL_DASHBOARD' : this.deps.pendingCardType(),
        });
    }
    await repo.insertBillings(trx, rows);
    await repo.deleteQueueEntries(trx, transactionPks);
    return bills;
  }

  private tariffOf(input: repo.PricingInput): TariffSnapshot {
    const base = tariffFromStation(
      {
        hasPayment: input.has_payment,
        paymentChargeTypeCost: input.payment_charge_type_cost,
        paymentChargeTypeIncome: input.payment_charge_type_income,
        paymentChargeByIncome: input.payment_charge_by_income,
        moneyPerKilowattCost: Number(input.money_per_kilowatt_cost),
        moneyPerDurationCost: Number(input.money_per_duration_cost),
        moneyPerTransactionCost: Number(input.money_per_transaction_cost),
        moneyPerKilowattIncome: Number(input.money_per_kilowatt_income),
        moneyPerDurationIncome: Number(input.money_per_duration_income),
        moneyPerTransactionIncome: Number(input.money_per_transaction_income),
        taxIncome: Number(input.tax_income),
      },
      {
        moneyPerKilowattIncome: input.connector_per_kwh === null ? null : Number(input.connector_per_kwh),
        moneyPerDurationIncome: input.connector_per_minute === null ? null : Number(input.connector_per_minute),
      },
    );
    const free = input.is_free_recharge === true;
    return {
      ...base,
      // A free-recharge tag pays nothing (the recharge is PRICELESS); the cost is still estimated.
      hasPayment: base.hasPayment && !free,
      idlePerMinute: input.idle_per_minute === null || input.idle_per_minute === undefined ? null : Number(input.idle_per_minute),
      chargeBy: input.payment_charge_by_income,
      connectorId: input.connector_id,
      freeRecharge: free,
      idleGraceMinutes: Number(input.idle_grace_minutes ?? 0),
    };
  }

  /** Measures the idle time of every priced recharge of the connector (or of all, job) still open. */
  async finalizeIdle(connectorPk?: number, limit = 200): Promise<number> {
    const rows = await repo.idlePending(this.deps.db, limit, connectorPk);
    let n = 0;
    for (const r of rows) if (await this.measureIdleOf(r.transaction_pk)) n++;
    return n;
  }

  /** Measures one recharge's idle time in its own transaction; true when final (failures are logged). */
  private async measureIdleOf(transactionPk: number): Promise<boolean> {
    try {
      return await this.deps.db.transaction().execute((trx) => this.measureIdle(trx, transactionPk));
    } catch (err) {
      this.deps.log.error({ err, transactionPk }, 'billing: idle measurement failed');
      return false;
    }
  }

  /**
   * Measures (and, once final, bills) the idle time of a priced recharge. True when final. `known`
   * holds the billing row's and the transaction's fields when pricing has just written and read
   * them under their locks (no re-read).
   */
  private async measureIdle(trx: Transaction<DB>, transactionPk: number, known?: KnownIdleInput): Promise<boolean> {
    let billing = known?.billing;
    let t = known?.transaction;
    if (!billing || !t) {
      const b = await repo.lockBilling(trx, transactionPk);
      if (!b || b.idle_final) return Boolean(b?.idle_final);
      billing = { tariff: b.tariff as unknown as TariffSnapshot, currency: b.currency, idleCanceledAt: b.idle_canceled_at };
      t = await repo.idleInput(trx, transactionPk);
    }
    if (!t.stop_timestamp) return false;
    const start = new Date(t.start_timestamp);
    const stop = new Date(t.stop_timestamp);
    const evidence = await repo.idleEvidence(trx, { transactionPk, connectorPk: t.connector_pk, start, stop });
    const m = measureIdle({ start, stop, ...evidence, now: this.now() });
    if (!m.final) {
      await repo.updateBilling(trx, transactionPk, { idle_started_at: m.idleStart });
      return false;
    }
    const tariff = billing.tariff;
    const billable = Math.max(0, m.seconds - (tariff.idleGraceMinutes ?? 0) * 60);
    const idleAmount = priceRecharge({ ...tariff, hasPayment: true }, { energyWh: 0, durationSec: 0, idleSec: billable }).idle;
    const bill =
      idleAmount > 0 && !billing.idleCanceledAt
        ? await this.deps.ledger.bill(trx, {
            transactionPk,
            tenantPk: t.tenant_pk,
            userPk: t.user_pk,
            amount: idleAmount,
            currency: billing.currency,
            isIdle: true,
            pendingType: t.user_pk === null ? 'MANUAL_DASHBOARD' : this.deps.pendingCardType(),
            requestedType: (t.requested_payment_type as PaymentType | null) ?? undefined,
          })
        : undefined;
    await repo.updateBilling(trx, transactionPk, {
      idle_started_at: m.idleStart,
      idle_ended_at: m.idleEnd,
      idle_seconds: m.seconds,
      idle_amount: idleAmount,
      idle_final: true,
      ...(bill ? { idle_movement_pk: bill.movement_pk } : {}),
    });
    return true;
  }

  /** Everything periodic in one pass (the billing job): queue, idle, in-process payments, refunds left on their way. */
  async reconcile(): Promise<void> {
    await this.processQueue();
    await this.finalizeIdle();
    await this.deps.ledger.settleInProcess();
    await this.deps.ledger.resumeRefunds();
  }
}
