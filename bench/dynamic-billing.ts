/**
 * Billing a stop under dynamic pricing: the time BillingService takes to price and bill one stopped
 * recharge (lock, quote by time-of-use segment from the meter series, billing row, ledger bill) at
 * a station whose virtual group prices it with a 10-window-a-day profile, each recharge 8 hours
 * long with an energy reading every minute (481 readings). p50/p95/max over `--count` recharges,
 * with the quote's own share, and the same billing of `--count` more recharges without the quote
 * (the station's settings alone) for comparison.
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_bench_billing
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_billing npx tsx bench/dynamic-billing.ts --count 200
 *
 * Idempotent: the profile, group and station are made once; each run adds 2 × `--count` recharges.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { weekdays } from '../apps/server/src/modules/dynamic-pricing/time-of-use';
import { DynamicPricingService } from '../apps/server/src/modules/dynamic-pricing/service';
import { rulesOf, type StoredDetail } from '../apps/server/src/modules/dynamic-pricing/rules';
import { BillingService } from '../apps/server/src/modules/billing/service';
import { Ledger } from '../apps/server/src/modules/payments/ledger-service';
import { PaymentProviders } from '../apps/server/src/modules/payments/payment-provider';
import { VoucherService } from '../apps/server/src/modules/vouchers/service';
import { pct } from './bench-app';
import { openSeedDatabase } from './seed-setup';

const { database, count, step } = await openSeedDatabase(200);
const db = database.db;
const STATION = 'BENCH-DYN-001';
const HOURS = 8;

try {
  const move = await db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'move').executeTakeFirstOrThrow();

  // A profile: every weekday R$ 1.20/kWh, ten windows of 72 minutes at rising prices.
  let profile = await db
    .selectFrom('pricing_profiles')
    .select('pricing_profile_pk')
    .where('name', '=', 'Bench 10 janelas')
    .executeTakeFirst();
  if (!profile) {
    profile = await db
      .insertInto('pricing_profiles')
      .values({ uuid: randomUUID(), tenant_pk: move.tenant_pk, name: 'Bench 10 janelas', version: 1 })
      .returning('pricing_profile_pk')
      .executeTakeFirstOrThrow();
    const details: StoredDetail[] = [];
    for (const day of weekdays) {
      const base = { operation_fee: 0.1, taxes: 0.05, idle_time_price: 50, reserve_price: null, duration_price: null };
      details.push({
        ...base,
        day_of_week: day,
        general: true,
        exception: false,
        active: true,
        start_date: null,
        end_date: null,
        start_time: null,
        end_time: null,
        service_price: 300,
        kwh_price: 120,
      });
      for (let w = 0; w < 10; w++) {
        const from = w * 144;
        const to = from + 72;
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        details.push({
          ...base,
          day_of_week: day,
          general: false,
          exception: false,
          active: true,
          start_date: null,
          end_date: null,
          start_time: hhmm(from),
          end_time: hhmm(to),
          service_price: 300,
          kwh_price: 150 + 10 * w,
        });
      }
    }
    await db
      .insertInto('pricing_profile_versions')
      .values({
        pricing_profile_pk: profile.pricing_profile_pk,
        version: 1,
        rules: JSON.stringify(rulesOf(details)),
        created_at: new Date('2020-01-01T00:00:00Z'),
      })
      .execute();
  }

  // A station in a group priced by the profile.
  let station = await db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', STATION).executeTakeFirst();
  if (!station) {
    station = await db
      .insertInto('charge_boxes')
      .values({ charge_box_id: STATION, tenant_pk: move.tenant_pk, description: 'Bench dynamic pricing' } as never)
      .returning('charge_box_pk')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('connectors')
      .values({ charge_box_pk: station.charge_box_pk, connector_id: 1 } as never)
      .execute();
    const group = await db
      .insertInto('virtual_groups')
      .values({ tenant_pk: move.tenant_pk, name: 'Bench', description: 'Bench dynamic pricing' })
      .returning('virtual_group_pk')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('virtual_group_charge_boxes')
      .values({ virtual_group_pk: group.virtual_group_pk, charge_box_pk: station.charge_box_pk })
      .execute();
    const pk = profile.pricing_profile_pk;
    await db
      .insertInto('virtual_group_pricing')
      .values({
        virtual_group_pk: group.virtual_group_pk,
        enabled: true,
        connector1_profile_pk: pk,
        connector2_profile_pk: pk,
        connector3_profile_pk: pk,
      })
      .execute();
  }
  // The station's own settings (R$ 3.00 a recharge, R$ 1.20/kWh, 5 % taxes): the comparison run bills by them.
  await db
    .updateTable('charge_boxes')
    .set({
      has_payment: true,
      payment_charge_type_income: 'KWH',
      money_per_transaction_income: 300,
      money_per_kilowatt_income: 120,
      tax_income: 0.05,
    } as never)
    .where('charge_box_pk', '=', station.charge_box_pk)
    .execute();
  const connector = await db
    .selectFrom('connectors')
    .select('connector_pk')
    .where('charge_box_pk', '=', station.charge_box_pk)
    .where('connector_id', '=', 1)
    .executeTakeFirstOrThrow();
  step('profile (7 days × 10 windows), group and station ready');

  // `count` stopped recharges of 8 hours (an energy reading a minute), one after another, not priced yet.
  const latest = await db
    .selectFrom('transactions')
    .select(sql<Date | null>`max(stop_timestamp)`.as('at'))
    .where('charge_box_pk', '=', station.charge_box_pk)
    .executeTakeFirstOrThrow();
  // A driver's recharges, as in production: billing looks for a voucher of theirs (the demo gives them none).
  const driver = await db.selectFrom('users').select('user_pk').where('email', '=', 'julia.santos@move.com.br').executeTakeFirstOrThrow();
  let at = latest.at ? new Date(latest.at).getTime() + 60_000 : Date.parse('2026-01-05T00:00:00Z');
  // Twice `count`: the first half billed with dynamic pricing, the second by the station's settings
  // alone (the same billing path without the quote), for comparison; billed in turn, one of each.
  const pks: number[] = [];
  for (let i = 0; i < 2 * count; i++) {
    const start = at;
    const stop = start + HOURS * 3_600_000;
    const energy = 7_000 * HOURS; // 7 kW on average
    const tx = await db
      .insertInto('transactions')
      .values({
        charge_box_pk: station.charge_box_pk,
        connector_pk: connector.connector_pk,
        tenant_pk: move.tenant_pk,
        id_tag: 'BENCH-DYN',
        id_tag_status: 'Accepted',
        user_pk: driver.user_pk,
        start_timestamp: new Date(start),
        start_value_wh: 0,
        start_key: randomUUID(),
      } as never)
      .returning('transaction_pk')
      .executeTakeFirstOrThrow();
    const readings = Array.from({ length: HOURS * 60 + 1 }, (_, m) => ({
      transaction_pk: tx.transaction_pk,
      connector_pk: connector.connector_pk,
      value_timestamp: new Date(start + m * 60_000),
      measurand: 'Energy.Active.Import.Register',
      unit: 'Wh',
      value: Math.round((energy * m) / (HOURS * 60) + 500 * Math.sin(m / 17)),
    }));
    await db
      .insertInto('meter_values')
      .values(readings as never)
      .execute();
    await db
      .updateTable('transactions')
      .set({ stop_timestamp: new Date(stop), stop_value_wh: energy, energy_wh: energy, stop_reason: 'Local' } as never)
      .where('transaction_pk', '=', tx.transaction_pk)
      .execute();
    pks.push(tx.transaction_pk);
    at = stop + 30 * 60_000;
  }
  step(`${2 * count} recharges of ${HOURS} h with ${HOURS * 60 + 1} readings each`);
  // The readings of a real stop arrive over its 8 hours, and autovacuum visits the tables between
  // them; here 2 × count × 481 rows land in seconds, so the tables are vacuumed and analysed once
  // before timing (otherwise autovacuum's first pass over them runs inside the measured window).
  for (const table of ['meter_values', 'transactions', 'billing_queue', 'transaction_billing', 'financial_movements']) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  step('tables vacuumed and analysed');

  const quiet = {
    warn() {},
    error(obj: object, msg: string) {
      process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`);
    },
  };
  // The quote (profile, rules in force, meter series, time-of-use pricing) timed on its own too.
  const quoteTimes: number[] = [];
  class TimedPricing extends DynamicPricingService {
    override async quote(...args: Parameters<DynamicPricingService['quote']>) {
      const began = performance.now();
      try {
        return await super.quote(...args);
      } finally {
        quoteTimes.push(performance.now() - began);
      }
    }
  }
  const billing = new BillingService({
    db,
    ledger: new Ledger({ db, providers: new PaymentProviders([]) }),
    log: quiet,
    pendingCardType: () => 'MANUAL_DASHBOARD',
    dynamicPricing: new TimedPricing(db),
  });
  billing.useVouchers(new VoucherService({ db }));
  const plain = new BillingService({
    db,
    ledger: new Ledger({ db, providers: new PaymentProviders([]) }),
    log: quiet,
    pendingCardType: () => 'MANUAL_DASHBOARD',
  });
  plain.useVouchers(new VoucherService({ db }));
  // One stop of each kind in turn, so both see the same machine, caches and background work.
  const times: number[] = [];
  const plainTimes: number[] = [];
  for (let i = 0; i < count; i++) {
    for (const [service, pk, into] of [
      [billing, pks[i]!, times],
      [plain, pks[count + i]!, plainTimes],
    ] as const) {
      const began = performance.now();
      const priced = await service.processQueue([pk]);
      into.push(performance.now() - began);
      if (priced !== 1) throw new Error(`transaction ${pk} was not priced`);
    }
  }
  const sample = await db
    .selectFrom('transaction_billing')
    .select(['total', 'breakdown'])
    .where('transaction_pk', '=', pks[0]!)
    .executeTakeFirstOrThrow();
  const segments = (sample.breakdown as { segments: unknown[] } | null)?.segments.length ?? 0;
  times.sort((a, b) => a - b);
  quoteTimes.sort((a, b) => a - b);
  plainTimes.sort((a, b) => a - b);
  process.stdout.write(
    `billing a stop (${count} recharges, ${segments} segments each on the first): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms\n` +
      `  of which the dynamic-pricing quote: p50 ${pct(quoteTimes, 50).toFixed(1)} ms, p95 ${pct(quoteTimes, 95).toFixed(1)} ms, max ${quoteTimes[quoteTimes.length - 1]!.toFixed(1)} ms\n` +
      `  the same stop by the station's settings alone (no group pricing): p50 ${pct(plainTimes, 50).toFixed(1)} ms, p95 ${pct(plainTimes, 95).toFixed(1)} ms, max ${plainTimes[plainTimes.length - 1]!.toFixed(1)} ms\n`,
  );
} finally {
  await database.close();
}
