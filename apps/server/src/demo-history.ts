import type { Kysely } from 'kysely';
import type { PaymentType } from '@recarga/contracts/payments';
import type { DB } from './db/db';
import { withTriggersOffAndRollupsRebuilt } from './db/seed/bulk-load';
import { seedDemoHistoryVouchers } from './db/seed/demo-vouchers';
import { demoHistorySeeded, markDemoHistorySeeded, planDemoHistory, type PlannedRecharge } from './db/seed/demo-history-plan';
import type { FinishedBill } from './modules/billing/service';
import { recordNotifications } from './modules/notifications/service';
import type { LedgerHistoryItem } from './modules/payments/ledger-service';
import type { ServiceRegistry } from './platform/app-module';
import { startKey } from './ocpp/handlers/start-transaction';
import { insertFinishedTransactions, insertMeterValues, type FinishedTransaction } from './ocpp/repository';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Bills of the last days are left for the drivers or the operator to pay: the financial screen has pending work. */
const PENDING_DAYS = 2;
/** Paid recharges of the last days ask for their invoice as a paid recharge does (the invoice job issues them). */
const INVOICE_DAYS = 7;

/** Who confirms the payments of the recharges the wallet did not pay, per network. */
const operatorOf: Record<string, string> = {
  move: 'operador@sol.com.br',
  sol: 'operador@sol.com.br',
  terpel: 'operador@terpel.co',
};

/** A driver's top-up when the wallet runs short: the smallest of these that covers the recharge. */
const topUps: Record<string, number[]> = {
  BRL: [50_00, 100_00, 150_00, 200_00],
  COP: [50_000_00, 100_000_00, 150_000_00, 200_000_00],
  USD: [20_00, 50_00],
};

/**
 * Recharges of earlier today that go through the whole per-recharge path (the billing queue's
 * pricing, vouchers, wallet or pending bill, invoice request), so that the demo shows vouchers used:
 * the history's vouchers (db/seed/demo-vouchers.ts `historyVouchers`). Times are minutes before the
 * seed; tags are the demo drivers'.
 */
const todays: { chargeBoxId: string; connectorId: number; idTag: string; startMinutesAgo: number; minutes: number; energyWh: number }[] = [
  // Valentina Gómez's welcome credit (BIENVENIDA-TERPEL, COP 20.000) at Calle 100: used up by this recharge.
  { chargeBoxId: 'TERPEL-BOG-001', connectorId: 1, idTag: '04D4E5F6A7', startMinutesAgo: 300, minutes: 42, energyWh: 28_400 },
  // Júlia Santos's 15 % first-recharge voucher (BEMVINDA15, one use) at Paulista.
  { chargeBoxId: 'MOVE-SP-001', connectorId: 2, idTag: '04B2C3D4E5', startMinutesAgo: 240, minutes: 95, energyWh: 17_200 },
];

export interface DemoHistoryResult {
  recharges: number;
  movements: number;
  events: number;
  ms: number;
}

interface Lookups {
  stations: Map<string, { chargeBoxPk: number; tenantPk: number; alias: string; connectors: Map<number, number> }>;
  tags: Map<string, { ocppTagPk: number; userPk: number | null }>;
  users: Map<string, number>;
}

async function lookups(db: Kysely<DB>): Promise<Lookups> {
  const connectors = await db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as t', 't.tenant_pk', 'cb.tenant_pk')
    .innerJoin('connectors as c', 'c.charge_box_pk', 'cb.charge_box_pk')
    .select(['cb.charge_box_id', 'cb.charge_box_pk', 'cb.tenant_pk', 't.alias', 'c.connector_id', 'c.connector_pk'])
    .where('cb.deleted_at', 'is', null)
    .execute();
  const stations: Lookups['stations'] = new Map();
  for (const c of connectors) {
    const s = stations.get(c.charge_box_id) ?? {
      chargeBoxPk: c.charge_box_pk,
      tenantPk: c.tenant_pk,
      alias: c.alias,
      connectors: new Map(),
    };
    s.connectors.set(c.connector_id, c.connector_pk);
    stations.set(c.charge_box_id, s);
  }
  const tagRows = await db.selectFrom('ocpp_tags').select(['id_tag', 'ocpp_tag_pk', 'owner_user_pk']).execute();
  const userRows = await db.selectFrom('users').select(['email', 'user_pk']).execute();
  return {
    stations,
    tags: new Map(tagRows.map((t) => [t.id_tag, { ocppTagPk: t.ocpp_tag_pk, userPk: t.owner_user_pk }])),
    users: new Map(userRows.map((u) => [u.email, u.user_pk])),
  };
}

/** The recharges as the stations would have reported them: each connector's meter register keeps counting. */
function finishedTransactions(recharges: PlannedRecharge[], l: Lookups, registers: Map<number, number>): FinishedTransaction[] {
  return recharges.map((r) => {
    const station = l.stations.get(r.chargeBoxId)!;
    const connectorPk = station.connectors.get(r.connectorId)!;
    const tag = l.tags.get(r.idTag);
    const meterStart = registers.get(connectorPk) ?? 1_000_000 + connectorPk * 7_919;
    registers.set(connectorPk, meterStart + r.energyWh);
    return {
      chargeBoxPk: station.chargeBoxPk,
      connectorPk,
      tenantPk: station.tenantPk,
      idTag: r.idTag,
      ocppTagPk: tag?.ocppTagPk ?? null,
      userPk: tag?.userPk ?? null,
      idTagStatus: 'Accepted',
      startTimestamp: r.start,
      startValueWh: meterStart,
      startKey: startKey({ connectorId: r.connectorId, idTag: r.idTag, timestamp: r.start.toISOString(), meterStart }),
      stopTimestamp: r.stop,
      stopValueWh: meterStart + r.energyWh,
      stopReason: 'EVDisconnected',
    };
  });
}

/** Each recharge's last energy reading (its stop) and its power halfway through, as MeterValues carry them. */
function meterRows(rows: FinishedTransaction[], pks: number[]) {
  return rows.flatMap((t, i) => {
    const midAt = new Date((t.startTimestamp.getTime() + t.stopTimestamp.getTime()) / 2);
    const hours = (t.stopTimestamp.getTime() - t.startTimestamp.getTime()) / HOUR;
    const watts = Math.round((t.stopValueWh - t.startValueWh) / Math.max(hours, 0.1));
    return [
      {
        transactionPk: pks[i]!,
        connectorPk: t.connectorPk,
        meterValue: {
          timestamp: midAt.toISOString(),
          sampledValue: [
            { value: String(watts), measurand: 'Power.Active.Import' as const, unit: 'W' as const, context: 'Sample.Periodic' as const },
          ],
        },
      },
      {
        transactionPk: pks[i]!,
        connectorPk: t.connectorPk,
        meterValue: {
          timestamp: t.stopTimestamp.toISOString(),
          sampledValue: [
            {
              value: String(t.stopValueWh),
              measurand: 'Energy.Active.Import.Register' as const,
              unit: 'Wh' as const,
              context: 'Transaction.End' as const,
            },
          ],
        },
      },
    ];
  });
}

/**
 * What the drivers and operators did with the bills: a driver with a wallet tops it up (Pix or
 * card) just before a recharge it cannot pay, and the top-ups come out even at the end (the
 * wallets keep the balances the rest of the demo starts from); an operator records the payment
 * of the other bills a few hours to a day later, except the last days', which wait.
 */
function ledgerHistory(bills: FinishedBill[], l: Lookups, walletUsers: Map<number, string>, now: Date): LedgerHistoryItem[] {
  const items: LedgerHistoryItem[] = [];
  const balance = new Map<number, number>();
  const lastDeposit = new Map<number, Extract<LedgerHistoryItem, { kind: 'deposit' }>>();
  const tenantAlias = new Map([...l.stations.values()].map((s) => [s.tenantPk, s.alias]));
  let n = 0;
  for (const b of bills) {
    const walletCurrency = b.userPk === null ? undefined : walletUsers.get(b.userPk);
    if (b.userPk !== null && walletCurrency === b.currency.trim()) {
      const have = balance.get(b.userPk) ?? 0;
      if (have < b.amount) {
        const options = topUps[walletCurrency] ?? [b.amount];
        const amount = options.find((a) => a >= b.amount - have) ?? Math.ceil((b.amount - have) / options.at(-1)!) * options.at(-1)!;
        n++;
        const brazil = walletCurrency === 'BRL';
        const deposit: Extract<LedgerHistoryItem, { kind: 'deposit' }> = {
          kind: 'deposit',
          userPk: b.userPk,
          amount,
          at: new Date(b.at.getTime() - (5 + (n % 40)) * MINUTE),
          type: (brazil && n % 3 !== 0 ? 'MERCADO_PAGO_PIX' : 'MERCADO_PAGO_CARD') as PaymentType,
          provider: 'mercado_pago',
          externalId: `8${String(b.transactionPk).padStart(10, '0')}`,
        };
        items.push(deposit);
        lastDeposit.set(b.userPk, deposit);
        balance.set(b.userPk, have + amount);
      }
      balance.set(b.userPk, balance.get(b.userPk)! - b.amount);
      items.push({ kind: 'bill', ...b });
      continue;
    }
    const recent = now.getTime() - b.at.getTime() < PENDING_DAYS * DAY;
    const operator = l.users.get(operatorOf[tenantAlias.get(b.tenantPk) ?? ''] ?? '');
    const approvedAt = new Date(Math.min(b.at.getTime() + (2 + (b.transactionPk % 22)) * HOUR, now.getTime() - HOUR));
    items.push({ kind: 'bill', ...b, approval: recent || operator === undefined ? undefined : { at: approvedAt, actorUserPk: operator } });
  }
  // The top-ups come out even: the last one of each driver is what was still to pay.
  for (const [userPk, left] of balance) {
    const last = lastDeposit.get(userPk);
    if (last && left > 0) last.amount -= left;
  }
  return items;
}

/**
 * Loads the demo's past (db/seed/demo-history-plan.ts) through the modules that write it in
 * production, once: recharges and their meter readings (OCPP), faults and offline spells
 * (notifications), prices (billing), bills, top-ups, wallet payments and operators' payment
 * confirmations (ledger), invoice requests (invoices) — in one database transaction, in bulk
 * (a few hundred rows per statement), so a fresh start stays quick. Then, through the whole
 * per-recharge path, today's recharges that use vouchers, and one refund. Answers null when the
 * history is already there, or when the database has recharges already.
 */
export async function seedDemoHistory(db: Kysely<DB>, services: ServiceRegistry, now = new Date()): Promise<DemoHistoryResult | null> {
  const began = Date.now();
  if (await demoHistorySeeded(db)) return null;
  // A demo database that already has recharges of its own (started before the history existed) keeps them alone.
  if (await db.selectFrom('transactions').select('transaction_pk').limit(1).executeTakeFirst()) return null;
  const plan = planDemoHistory(now);
  const l = await lookups(db);
  const billing = services.get('billing');
  const ledger = services.get('ledger');
  const invoices = services.get('invoices');
  const registers = new Map<number, number>();
  const today = todays
    .filter((t) => l.stations.get(t.chargeBoxId)?.connectors.has(t.connectorId))
    .map((t) => {
      const start = new Date(now.getTime() - t.startMinutesAgo * MINUTE);
      return { ...t, start, stop: new Date(start.getTime() + t.minutes * MINUTE) };
    });
  // The history leaves today's voucher recharges their connector and their driver.
  const clash = (r: PlannedRecharge) =>
    today.some(
      (t) =>
        (t.idTag === r.idTag || (t.chargeBoxId === r.chargeBoxId && t.connectorId === r.connectorId)) &&
        r.start.getTime() < t.stop.getTime() + 10 * MINUTE &&
        r.stop.getTime() > t.start.getTime() - 10 * MINUTE,
    );
  const recharges = plan.recharges.filter((r) => l.stations.get(r.chargeBoxId)?.connectors.has(r.connectorId) && !clash(r));

  const { movements } = await db.transaction().execute((trx) =>
    withTriggersOffAndRollupsRebuilt(trx, async () => {
      const rows = finishedTransactions(recharges, l, registers);
      const pks = await insertFinishedTransactions(trx, rows);
      await insertMeterValues(trx, meterRows(rows, pks));
      await recordNotifications(
        trx,
        plan.events
          .filter((e) => l.stations.has(e.chargeBoxId))
          .map((e) => ({
            chargeBoxPk: l.stations.get(e.chargeBoxId)!.chargeBoxPk,
            type: e.type,
            connectorId: e.connectorId,
            timestamp: e.at,
            errorCode: e.errorCode ?? null,
            errorMsg: e.errorMsg ?? null,
          })),
      );
      const bills = await billing.priceFinished(trx, pks);
      const wallets = await trx.selectFrom('wallets').select(['user_pk', 'currency']).execute();
      const walletUsers = new Map(wallets.map((w) => [w.user_pk, w.currency.trim()]));
      // The Terpel driver pays from a wallet too (opened with her first top-up).
      const valentina = l.users.get('conductor@terpel.co');
      if (valentina !== undefined) walletUsers.set(valentina, 'COP');
      const paid = await ledger.recordHistory(trx, ledgerHistory(bills, l, walletUsers, now));
      await invoices.requestMany(
        trx,
        paid.filter((m) => m.paid_at && now.getTime() - new Date(m.paid_at).getTime() < INVOICE_DAYS * DAY),
      );
      await seedDemoHistoryVouchers(trx);
      await markDemoHistorySeeded(trx, now);
      return { movements: paid.length };
    }),
  );

  // Earlier today: recharges priced by the billing queue as any stopped recharge is (vouchers used).
  const todayRows = finishedTransactions(today, l, registers);
  const todayPks = await db.transaction().execute(async (trx) => {
    const pks = await insertFinishedTransactions(trx, todayRows);
    await insertMeterValues(trx, meterRows(todayRows, pks));
    return pks;
  });
  await billing.processQueue(todayPks);

  // One refund: the operator gives back a recharge paid by hand a week ago (the driver was charged twice at the till).
  const refundable = await db
    .selectFrom('financial_movements')
    .select(['movement_pk', 'actor_user_pk'])
    .where('target_type', '=', 'TRANSACTION')
    .where('provider', '=', 'manual')
    .where('payment_status', '=', 'approved')
    .where('paid_at', '<', new Date(now.getTime() - 7 * DAY))
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (refundable)
    await ledger.refund({
      movementPk: Number(refundable.movement_pk),
      actorUserPk: refundable.actor_user_pk,
      reason: 'Cobrança em duplicidade no caixa',
    });

  return { recharges: recharges.length + todayPks.length, movements, events: plan.events.length, ms: Date.now() - began };
}
