-- The ledger's daily roll-ups (financial_daily, financial_daily_station: 0022_financial.sql) rebuilt
-- from the movements, set-based: after a bulk load made without triggers (a migration of a whole
-- ledger from another system, the benchmarks' seeds), or as a check. Its counterpart for the
-- dashboard roll-ups is stats_rollups_rebuild() (0007_stats_rollups.sql).
create function financial_daily_rebuild() returns void language plpgsql as $$
begin
  lock table financial_movements in share mode;
  delete from financial_daily;
  delete from financial_daily_station;
  create temporary table financial_daily_rows on commit drop as
  select tenant_pk, charge_box_pk, kind, day, target_type, currency, count(*) as movements, sum(amount) as amount, sum(kept) as completed
    from (
      select tenant_pk, charge_box_pk, 'C' as kind, (created_at at time zone 'UTC')::date as day, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount) as kept
        from financial_movements
      union all
      select tenant_pk, charge_box_pk, 'M', (moved_at at time zone 'UTC')::date, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount)
        from financial_movements) x
   group by tenant_pk, charge_box_pk, kind, day, target_type, currency;
  insert into financial_daily (tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  select tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed)
    from financial_daily_rows group by tenant_pk, kind, day, target_type, currency;
  insert into financial_daily_station (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  select charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed
    from financial_daily_rows where charge_box_pk is not null;
  drop table financial_daily_rows;
end
$$;
