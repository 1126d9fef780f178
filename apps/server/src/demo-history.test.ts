import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../test/helpers/test-app';
import { seedDemoHistory, type DemoHistoryResult } from './demo-history';
import { planDemoHistory } from './db/seed/demo-history-plan';
import { ledgerImbalances } from './modules/financial/repository';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Half-up n/d for non-negative integers (every line of a bill is rounded so). */
const halfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

describe('demo history: 90 days through the billing modules', () => {
  let t: TestApp;
  let first: DemoHistoryResult | null;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp();
    first = await seedDemoHistory(t.db, t.app.services, now);
  }, 300_000);
  afterAll(() => t.close());

  const count = async (table: 'transactions' | 'financial_movements' | 'wallet_entries' | 'notifications' | 'invoices' | 'voucher_uses') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeding on a fresh demo database covers each of the last 90 days in every network, ending today', async () => {
    expect(first?.recharges).toBeGreaterThan(1000);
    const rows = await sql<{ alias: string; days: number; first: Date; last: Date }>`
      select tn.alias, count(distinct (t.start_timestamp at time zone 'UTC')::date)::int as days,
             min(t.start_timestamp) as first, max(t.stop_timestamp) as last
        from transactions t join tenants tn on tn.tenant_pk = t.tenant_pk
       group by tn.alias order by tn.alias`.execute(t.db);
    const byAlias = new Map(rows.rows.map((r) => [r.alias, r]));
    for (const alias of ['move', 'sol', 'terpel']) {
      const r = byAlias.get(alias)!;
      // 91 calendar days touch the 90-day window; a network with a few recharges a day misses hardly any.
      expect(r.days, alias).toBeGreaterThanOrEqual(85);
      expect(new Date(r.first).getTime(), alias).toBeGreaterThanOrEqual(now.getTime() - 90 * DAY);
      expect(new Date(r.first).getTime(), alias).toBeLessThan(now.getTime() - 88 * DAY);
      expect(new Date(r.last).getTime(), alias).toBeLessThanOrEqual(now.getTime());
      expect(new Date(r.last).getTime(), alias).toBeGreaterThan(now.getTime() - DAY);
    }
  });

  it('each recharge holds 5 to 60 kWh at no more than its connector can give, a few per station a day', async () => {
    const bad = await sql<{ transaction_pk: number }>`
      select t.transaction_pk from transactions t join connectors c on c.connector_pk = t.connector_pk
       where t.energy_wh < 5000 or t.energy_wh > 60000
          or t.energy_wh * 3600.0 / extract(epoch from (t.stop_timestamp - t.start_timestamp)) > c.power_max`.execute(t.db);
    expect(bad.rows).toEqual([]);
    const perDay = await sql<{ charge_box_id: string; n: number }>`
      select cb.charge_box_id, count(*)::int as n from transactions t join charge_boxes cb on cb.charge_box_pk = t.charge_box_pk
       group by cb.charge_box_id`.execute(t.db);
    for (const s of perDay.rows) expect(s.n / 90, s.charge_box_id).toBeLessThanOrEqual(5);
    expect(perDay.rows.filter((s) => s.n / 90 >= 2).length).toBeGreaterThanOrEqual(5);
    // No connector holds two recharges at once.
    const overlaps = await sql<{ n: number }>`
      select count(*)::int as n from transactions a join transactions b
        on a.connector_pk = b.connector_pk and a.transaction_pk < b.transaction_pk
       and a.start_timestamp < b.stop_timestamp and b.start_timestamp < a.stop_timestamp`.execute(t.db);
    expect(overlaps.rows[0]!.n).toBe(0);
  });

  it('weekday evenings are busier than nights, and weekends differ from weekdays (local time of each network)', async () => {
    const plan = planDemoHistory(now);
    const local = (r: (typeof plan.recharges)[number]) =>
      new Date(r.start.getTime() + (r.chargeBoxId.startsWith('TERPEL') || r.chargeBoxId.startsWith('ANDES') ? -5 : -3) * HOUR);
    const weekday = plan.recharges.filter((r) => ![0, 6].includes(local(r).getUTCDay()));
    const weekend = plan.recharges.filter((r) => [0, 6].includes(local(r).getUTCDay()));
    const inHours = (rs: typeof weekday, from: number, to: number) =>
      rs.filter((r) => local(r).getUTCHours() >= from && local(r).getUTCHours() < to).length;
    expect(inHours(weekday, 17, 22)).toBeGreaterThan(4 * inHours(weekday, 0, 5));
    // Weekends: the evening peak flattens into the middle of the day.
    const share = (rs: typeof weekday, from: number, to: number) => inHours(rs, from, to) / rs.length;
    expect(share(weekend, 10, 16)).toBeGreaterThan(share(weekday, 10, 16) + 0.05);
    expect(share(weekend, 17, 22)).toBeLessThan(share(weekday, 17, 22) - 0.05);
  });

  it('a Paulista recharge is priced by the station tariff: R$ 3,00 start + R$ 1,99/kWh, 5 % tax (worked by hand)', async () => {
    const rows = await t.db
      .selectFrom('transaction_billing as b')
      .innerJoin('transactions as t', 't.transaction_pk', 'b.transaction_pk')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 't.charge_box_pk')
      .innerJoin('ocpp_tags as tag', 'tag.ocpp_tag_pk', 't.ocpp_tag_pk')
      .select(['b.energy_wh', 'b.total', 'b.priced_at', 't.stop_timestamp', 'b.voucher_discount'])
      .where('cb.charge_box_id', '=', 'MOVE-SP-001')
      // The courtesy card recharges for free.
      .where('tag.is_free_recharge', '=', false)
      .where('t.stop_timestamp', '<', new Date(now.getTime() - DAY))
      .orderBy('t.transaction_pk')
      .limit(3)
      .execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      // e.g. 12 345 Wh: 300 + 12 345 × 199 / 1000 = 300 + 2457 (2456.655) = 2757; tax 5 % = 138 (137.85); 2895.
      const subtotal = 300 + halfUp(Number(r.energy_wh) * 199, 1000);
      expect(Number(r.total)).toBe(subtotal + halfUp(subtotal * 5, 100));
      // Priced when it stopped, not when the demo was loaded.
      expect(new Date(r.priced_at).getTime()).toBe(new Date(r.stop_timestamp!).getTime());
    }
  });

  it('money adds up: the bills are the billed amounts, no ledger imbalance, wallets end where the demo starts them', async () => {
    const billed = await sql<{ billed: string; bills: string; unbilled: number }>`
      select (select coalesce(sum(total), 0) from transaction_billing where total > 0)::text as billed,
             (select coalesce(sum(amount), 0) from financial_movements
               where target_type = 'TRANSACTION' and not is_idle_payment and payment_status not in ('rejected', 'cancelled'))::text as bills,
             (select count(*)::int from transaction_billing b where b.total > 0 and b.movement_pk is null) as unbilled`.execute(t.db);
    expect(billed.rows[0]!.bills).toBe(billed.rows[0]!.billed);
    expect(billed.rows[0]!.unbilled).toBe(0);
    expect(await ledgerImbalances(t.db)).toEqual([]);
    const wallets = await t.db
      .selectFrom('wallets as w')
      .innerJoin('users as u', 'u.user_pk', 'w.user_pk')
      .select(['u.email', 'w.balance'])
      .orderBy('u.email')
      .execute();
    // docs/decisions.md: the demo drivers start with R$ 200,00 and R$ 50,00; the Terpel driver's top-ups came out even.
    expect(wallets.map((w) => [w.email, Number(w.balance)])).toEqual([
      ['conductor@terpel.co', 0],
      ['motorista@move.com.br', 200_00],
      ['pedro.lima@sol.com.br', 50_00],
    ]);
    const kinds = await sql<{ payment_type: string; payment_status: string; n: number }>`
      select payment_type, payment_status, count(*)::int as n from financial_movements
       where created_at < ${new Date(now.getTime() - 30 * DAY)} group by 1, 2`.execute(t.db);
    const n = (type: string, status: string) => kinds.rows.find((k) => k.payment_type === type && k.payment_status === status)?.n ?? 0;
    expect(n('WALLET', 'approved')).toBeGreaterThan(100);
    expect(n('MERCADO_PAGO_PIX', 'approved') + n('MERCADO_PAGO_CARD', 'approved')).toBeGreaterThan(20);
    expect(n('MANUAL_DASHBOARD', 'approved')).toBeGreaterThan(100);
  });

  it('the dashboard roll-ups equal the rows (rebuilt after the bulk load)', async () => {
    // Up to yesterday: today's recharges went through the triggers, into the roll-ups' recent part.
    const until = new Date(Math.floor((now.getTime() - DAY) / HOUR) * HOUR);
    const r = await sql<{ rolled: number; rows: number; income_rolled: string; income_rows: string }>`
      select (select coalesce(sum(recharges), 0)::int from stats_hourly
               where scope_pk = (select tenant_pk from tenants where alias = 'recarga') and hour < ${until}) as rolled,
             (select count(*)::int from transactions where stop_timestamp is not null and start_timestamp < ${until}) as rows,
             (select coalesce(sum(income), 0)::text from stats_hourly_money
               where scope_pk = (select tenant_pk from tenants where alias = 'terpel') and hour < ${until}) as income_rolled,
             (select coalesce(sum(b.total), 0)::text from transaction_billing b join tenants tn on tn.tenant_pk = b.tenant_pk
               where tn.alias = 'terpel' and b.start_timestamp < ${until}) as income_rows`.execute(t.db);
    expect(r.rows[0]!.rolled).toBe(r.rows[0]!.rows);
    expect(r.rows[0]!.income_rolled).toBe(r.rows[0]!.income_rows);
    const token = await loginAs(t.app, demo.terpel);
    const from = new Date(now.getTime() - 89 * DAY).toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/sums/?fromDate=${from}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const terpel = await sql<{ n: number }>`
      select count(*)::int as n from transactions t join tenants tn on tn.tenant_pk = t.tenant_pk
       where tn.alias = 'terpel' and t.start_timestamp >= ${`${from}T00:00:00Z`}::timestamptz`.execute(t.db);
    expect(res.json().recharges).toBe(terpel.rows[0]!.n);
    expect(res.json().recharges).toBeGreaterThan(500);
  });

  it('vouchers are used, one recharge is refunded, invoices are requested, faults and offline spells are alerts', async () => {
    const uses = await t.db
      .selectFrom('voucher_uses as vu')
      .innerJoin('vouchers as v', 'v.voucher_pk', 'vu.voucher_pk')
      .select(['v.code', 'vu.amount_discounted'])
      .orderBy('v.code')
      .execute();
    expect(uses.map((u) => u.code)).toEqual(['BEMVINDA15', 'BIENVENIDA-TERPEL']);
    // The Terpel credit: COP 20.000,00 taken off a 28,4 kWh recharge of COP 38.340,00 (28.4 × 1.350,00) before tax.
    expect(Number(uses[1]!.amount_discounted)).toBe(20_000_00);
    const refunds = await t.db
      .selectFrom('payment_refunds as r')
      .innerJoin('financial_movements as m', 'm.movement_pk', 'r.movement_pk')
      .select(['m.payment_status', 'r.state'])
      .where('m.target_type', '=', 'TRANSACTION')
      .execute();
    expect(refunds).toEqual([{ payment_status: 'refunded', state: 'settled' }]);
    expect(await count('invoices')).toBeGreaterThan(10);
    const alerts = await sql<{ type: string; n: number }>`select type, count(*)::int as n from notifications group by type`.execute(t.db);
    const of = (type: string) => alerts.rows.find((a) => a.type === type)?.n ?? 0;
    expect(of('Failure')).toBeGreaterThan(10);
    expect(of('Disconnected')).toBeGreaterThan(10);
  });

  it('seeding twice does not double the history', async () => {
    const before = await Promise.all(
      (['transactions', 'financial_movements', 'wallet_entries', 'notifications', 'voucher_uses'] as const).map(count),
    );
    expect(await seedDemoHistory(t.db, t.app.services, new Date())).toBeNull();
    const after = await Promise.all(
      (['transactions', 'financial_movements', 'wallet_entries', 'notifications', 'voucher_uses'] as const).map(count),
    );
    expect(after).toEqual(before);
  });
});
