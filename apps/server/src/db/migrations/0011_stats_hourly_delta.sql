-- Recharges stopping at once no longer wait on each other for the roll-up row of their tenant
-- and hour. stats_hourly_add upserted that row inside the stopping transaction, holding its lock
-- until commit: 20,000 stops of one network in one hour (a grid outage ending) took ~45 ms each,
-- one after the other, and held every pooled connection waiting. Now a recharge adds delta rows
-- (insert only, no lock shared with anyone) and a job folds them into stats_hourly every few
-- seconds; readers read both through stats_hourly_all, so a figure counts a recharge the moment
-- its stop commits. Every column is a sum, so reading a delta beside its row is exact.

-- The columns of stats_hourly, without its key: any number of deltas per scope and hour.
create table stats_hourly_delta (like stats_hourly);
create index stats_hourly_delta_scope_idx on stats_hourly_delta (scope_pk, hour);
alter table stats_hourly_delta set (parallel_workers = 0);

create view stats_hourly_all as
  select scope_pk, hour, recharges, energy_wh, stay_us, charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h
    from stats_hourly
  union all
  select scope_pk, hour, recharges, energy_wh, stay_us, charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h
    from stats_hourly_delta;

create or replace function stats_hourly_add(
  tenant integer, start_ts timestamptz, stop_ts timestamptz, wh bigint, charging_end timestamptz, sign integer
) returns void language plpgsql as $$
declare
  b integer := stats_charging_bucket(charging_end, start_ts);
begin
  insert into stats_hourly_delta (scope_pk, hour, recharges, energy_wh, stay_us,
                                  charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h)
  select sc, date_trunc('hour', start_ts, 'UTC'), sign, sign * wh,
         sign * (extract(epoch from (stop_ts - start_ts)) * 1000000)::bigint,
         case when b = 0 then sign else 0 end, case when b = 1 then sign else 0 end,
         case when b = 2 then sign else 0 end, case when b = 3 then sign else 0 end
    from stats_scopes_of(tenant) sc;
end
$$;

-- Moves the committed deltas into stats_hourly (one row per scope and hour, in key order so two
-- folds lock rows in the same order) and removes rows left with no recharge. Returns the rows
-- written. Deltas committed meanwhile stay for the next fold.
create function stats_hourly_fold() returns integer language plpgsql as $$
declare
  r record;
  n integer := 0;
begin
  for r in
    with moved as (delete from stats_hourly_delta returning *)
    insert into stats_hourly as s (scope_pk, hour, recharges, energy_wh, stay_us,
                                   charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h)
    select scope_pk, hour, sum(recharges), sum(energy_wh), sum(stay_us),
           sum(charging_lt_1h), sum(charging_1h_2h), sum(charging_2h_4h), sum(charging_ge_4h)
      from moved group by scope_pk, hour order by scope_pk, hour
    on conflict (scope_pk, hour) do update set
      recharges = s.recharges + excluded.recharges,
      energy_wh = s.energy_wh + excluded.energy_wh,
      stay_us = s.stay_us + excluded.stay_us,
      charging_lt_1h = s.charging_lt_1h + excluded.charging_lt_1h,
      charging_1h_2h = s.charging_1h_2h + excluded.charging_1h_2h,
      charging_2h_4h = s.charging_2h_4h + excluded.charging_2h_4h,
      charging_ge_4h = s.charging_ge_4h + excluded.charging_ge_4h
    returning s.scope_pk, s.hour, s.recharges
  loop
    n := n + 1;
    if r.recharges = 0 then
      delete from stats_hourly where scope_pk = r.scope_pk and hour = r.hour and recharges = 0;
    end if;
  end loop;
  return n;
end
$$;

-- A rebuild starts from no delta (writers are held off by the same locks the rebuild takes).
alter function stats_rollups_rebuild() rename to stats_rollups_rebuild_from_rows;
create function stats_rollups_rebuild() returns void language plpgsql as $$
begin
  lock table tenants, transactions, meter_values, transaction_billing in share mode;
  delete from stats_hourly_delta;
  perform stats_rollups_rebuild_from_rows();
end
$$;
