/**
 * Fills a PostgreSQL database with N finished recharges (default 1,000,000) for the transactions
 * benchmark, with set-based SQL: one INSERT … SELECT over generate_series for the transactions,
 * one for their pricing and one for their ledger movements. Migrates the database and loads the
 * demo data first (idempotent), so an empty database is enough.
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_bench_tx
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_tx npx tsx bench/seed-transactions.ts --count 1000000
 *
 * The recharges belong to the demo stations of the Sol/Move network (tenants `sol` and `move`),
 * start within the last 365 days in id order (as a live system inserts them), last 10–180 minutes and deliver 0.5–60 kWh; ~70 % are paid,
 * ~20 % pending, ~10 % priceless. `--remove` deletes them again.
 */
import { openSeedDatabase } from './seed-setup';

const { database, count, remove, step } = await openSeedDatabase(1_000_000);
try {
  await database.scriptSession(async (exec) => {
    if (remove) {
      await exec(`begin;
        delete from invoices where transaction_pk in (select transaction_pk from transactions where start_key like 'bench-%');
        update transaction_billing set movement_pk = null, idle_movement_pk = null where transaction_pk in (select transaction_pk from transactions where start_key like 'bench-%');
        delete from financial_movements where transaction_pk in (select transaction_pk from transactions where start_key like 'bench-%');
        delete from transactions where start_key like 'bench-%';
        commit;`);
      step('removed');
      return;
    }
    // A bulk load without per-row triggers (and foreign-key checks): the stop trigger would queue
    // every recharge for pricing, and the roll-up triggers would update the same few thousand
    // roll-up rows once per row inside one transaction (at 10,000,000 rows, hours instead of
    // minutes). The roll-ups are rebuilt from the rows at the end, and the one trigger that fills
    // a column (a movement's station) is done in the insert itself.
    await exec('set session_replication_role = replica');
    await exec('begin');
    await exec(`
      with conns as (
        select (row_number() over (order by c.connector_pk) - 1)::int as i, c.connector_pk, c.charge_box_pk, cb.tenant_pk
          from connectors c join charge_boxes cb on cb.charge_box_pk = c.charge_box_pk join tenants t on t.tenant_pk = cb.tenant_pk
         where c.connector_id > 0 and cb.deleted_at is null and t.alias in ('sol', 'move')),
      tags as (
        select (row_number() over (order by ocpp_tag_pk) - 1)::int as i, ocpp_tag_pk, id_tag, owner_user_pk
          from ocpp_tags where not inactive and tenant_pk in (select tenant_pk from tenants where alias in ('sol', 'move'))),
      n as (select (select count(*) from conns) as conns, (select count(*) from tags) as tags),
      g as (
        select g,
               -- In time order, as a live system inserts them (ids follow start times), with a little jitter.
               now() - interval '365 days' + make_interval(secs => (g::float8 / ${count}) * (365 * 86400 - 4 * 3600) + (g % 13) * 17) as start_at,
               make_interval(mins => ((g * 31) % 170 + 10)::int) as dur,
               ((g::bigint * 97) % 59500 + 500) as wh
          from generate_series(1, ${count}) g)
      insert into transactions (charge_box_pk, connector_pk, tenant_pk, id_tag, ocpp_tag_pk, user_pk, id_tag_status,
                                start_timestamp, start_value_wh, stop_timestamp, stop_value_wh, energy_wh, stop_reason, stop_event_actor,
                                start_key, received_start_at, received_stop_at)
      select c.charge_box_pk, c.connector_pk, c.tenant_pk, tg.id_tag, tg.ocpp_tag_pk, tg.owner_user_pk, 'Accepted',
             g.start_at, 0, g.start_at + g.dur, g.wh, g.wh, 'Local', 'station', 'bench-' || g.g, g.start_at, g.start_at + g.dur
        from g cross join n
        join conns c on c.i = g.g % n.conns
        join tags tg on tg.i = (g.g / 7) % n.tags`);
    step(`${count} transactions inserted`);
    await exec(`
      insert into transaction_billing (transaction_pk, tenant_pk, charge_box_pk, start_timestamp, currency, has_payment, priceless, energy_wh, duration_seconds,
                                       start_fee, energy_amount, operational_fee, voucher_discount, tax, total, cost, tariff, priced_at,
                                       idle_final)
      select t.transaction_pk, t.tenant_pk, t.charge_box_pk, t.start_timestamp, tn.currency, cb.has_payment and (t.transaction_pk % 10 <> 0), not (cb.has_payment and (t.transaction_pk % 10 <> 0)),
             t.energy_wh, extract(epoch from t.stop_timestamp - t.start_timestamp)::int,
             p.start_fee, p.energy, 0, 0, p.tax, p.start_fee + p.energy + p.tax, (t.energy_wh * cb.money_per_kilowatt_cost + 500) / 1000,
             jsonb_build_object('bench', true, 'perKwh', cb.money_per_kilowatt_income), t.stop_timestamp, true
        from transactions t
        join charge_boxes cb on cb.charge_box_pk = t.charge_box_pk
        join tenants tn on tn.tenant_pk = t.tenant_pk
        cross join lateral (
          select case when cb.has_payment and t.transaction_pk % 10 <> 0 then cb.money_per_transaction_income else 0 end as start_fee,
                 case when cb.has_payment and t.transaction_pk % 10 <> 0 then (t.energy_wh * greatest(cb.money_per_kilowatt_income, 100) + 500) / 1000 else 0 end as energy) e0
        cross join lateral (select e0.start_fee, e0.energy, ((e0.start_fee + e0.energy) * cb.tax_income)::bigint as tax) p
       where t.start_key like 'bench-%'`);
    step('pricing inserted');
    await exec(`
      with ins as (
        insert into financial_movements (tenant_pk, target_type, transaction_pk, charge_box_pk, user_pk, payment_type, payment_status, amount,
                                         currency, provider, created_at, paid_at, updated_at, invoice_state)
        select b.tenant_pk, 'TRANSACTION', b.transaction_pk, t.charge_box_pk, t.user_pk,
               case when t.transaction_pk % 7 < 5 then (case when t.transaction_pk % 2 = 0 then 'WALLET' else 'MANUAL_DASHBOARD' end) else 'SANDBOX_CARD' end,
               case when t.transaction_pk % 7 < 5 then 'approved' else 'pending' end,
               b.total, b.currency, case when t.transaction_pk % 7 < 5 then 'manual' else 'none' end,
               t.stop_timestamp, case when t.transaction_pk % 7 < 5 then t.stop_timestamp end, t.stop_timestamp,
               case when t.transaction_pk % 7 < 5 then 'AUTHORIZED' else 'NONE' end
          from transaction_billing b join transactions t on t.transaction_pk = b.transaction_pk
         where t.start_key like 'bench-%' and b.total > 0
        returning movement_pk, transaction_pk, payment_status)
      update transaction_billing b
         set movement_pk = ins.movement_pk, revenue_status = case when ins.payment_status = 'approved' then 'PAID' else 'UNPAID' end
        from ins where b.transaction_pk = ins.transaction_pk`);
    step('ledger movements inserted');
    await exec('commit');
    await exec('set session_replication_role = origin');
    step('committed');
    await exec('select stats_rollups_rebuild()');
    await exec('select financial_daily_rebuild()');
    step('roll-ups rebuilt (stats_rollups_rebuild, financial_daily_rebuild)');
    await exec('analyze transactions; analyze transaction_billing; analyze financial_movements');
    step('analysed');
  });
} finally {
  await database.close();
}
