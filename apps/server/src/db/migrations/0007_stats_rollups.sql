-- Roll-ups of the dashboard figures (modules/stats, modules/station-graphs), kept exact and
-- transactional by triggers: a change to a recharge, its meter values or its price changes the
-- roll-up in the same database transaction, so a period read from the roll-up equals the same
-- period read from the rows. See docs/decisions.md ("Roll-ups for long periods").
--
-- Rows are kept per *scope*: a recharge counts in the rows of its station's tenant and of every
-- ancestor of that tenant (every tenant whose materialised path starts the recharge tenant's
-- path — the rule of the signed-in user's tenant scope), so a scope's figures are the rows of one
-- key (scope_pk = the user's tenant), however many tenants it holds.
--
-- What is rolled up is a *settled* recharge: stopped, with its energy known from its own columns
-- (energy_wh, or meter stop − meter start). A running recharge (its energy follows the meter
-- values) or a stopped one without meter stop is read from the rows (partial index below).

-- Settled recharges per tenant and UTC hour of their start.
create table stats_hourly (
  -- The tenant whose scope (itself and its descendants) the row covers.
  scope_pk integer not null,
  -- Start of the UTC hour (date_trunc('hour', start_timestamp, 'UTC')).
  hour timestamptz not null,
  recharges integer not null,
  -- greatest(0, coalesce(energy_wh, stop_value_wh − start_value_wh)), as energy-sql.ts.
  energy_wh bigint not null,
  -- Σ (stop − start) in microseconds (length of stay).
  stay_us bigint not null,
  -- Charging time (until the energy register first reached its final value, else the stop):
  -- < 1 h, 1–2 h, 2–4 h, ≥ 4 h.
  charging_lt_1h integer not null,
  charging_1h_2h integer not null,
  charging_2h_4h integer not null,
  charging_ge_4h integer not null,
  primary key (scope_pk, hour)
);

-- Priced recharges (transaction_billing) per tenant, UTC hour of start and currency.
create table stats_hourly_money (
  scope_pk integer not null,
  hour timestamptz not null,
  currency char(3) not null,
  priced integer not null,
  cost bigint not null,
  income bigint not null,
  primary key (scope_pk, hour, currency)
);

-- The UTC days (days since 1970-01-01) on which a user started a recharge at a station of a scope:
-- distinct users of a period = users whose set overlaps the period's whole days, plus those of
-- the partial days at its edges (read from the rows). Consecutive days merge into one range.
create table stats_user_days (
  scope_pk integer not null,
  user_pk integer not null,
  days int4multirange not null,
  primary key (scope_pk, user_pk)
);

-- A scope reads at most a few tens of thousands of these rows: starting parallel workers costs
-- more than it saves (and more still on a busy machine).
alter table stats_hourly set (parallel_workers = 0);
alter table stats_hourly_money set (parallel_workers = 0);
alter table stats_user_days set (parallel_workers = 0);

-- Marks a dashboard query as serial: a parallel-unsafe call (plpgsql, so never inlined) keeps the
-- planner from starting workers for the few thousand rows a roll-up query reads; stable and
-- without arguments, it is evaluated once per scan.
create function stats_serial() returns boolean language plpgsql stable parallel unsafe as $$
begin
  return true;
end
$$;

-- Recharges that are not rolled up (running, or stopped without meter stop), by tenant and start.
create index transactions_stats_live_idx on transactions (tenant_pk, start_timestamp)
  include (transaction_pk, user_pk, energy_wh, start_value_wh, stop_value_wh, stop_timestamp)
  where stop_timestamp is null or (energy_wh is null and stop_value_wh is null);

-- ---------------------------------------------------------------------------------------------
-- Rules, shared by the triggers and the rebuild

create function stats_settled(stop_timestamp timestamptz, energy_wh bigint, stop_value_wh bigint) returns boolean
language sql immutable as $$
  select stop_timestamp is not null and (energy_wh is not null or stop_value_wh is not null)
$$;

-- The scopes a recharge of this tenant counts in: the tenant and its ancestors.
create function stats_scopes_of(tenant integer) returns setof integer language sql stable as $$
  select a.tenant_pk from tenants a, tenants t where t.tenant_pk = tenant and t.path like a.path || '%'
$$;

create function stats_utc_day(ts timestamptz) returns integer language sql immutable as $$
  select ((ts at time zone 'UTC')::date - date '1970-01-01')
$$;

-- When the energy register first reached the final value (null: never, or no meter stop).
create function stats_charging_end(tx integer, stop_value_wh bigint) returns timestamptz language sql stable as $$
  select min(mv.value_timestamp) from meter_values mv
   where mv.transaction_pk = tx
     and mv.measurand = 'Energy.Active.Import.Register'
     and mv.phase is null and mv.value is not null
     and (case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) >= stop_value_wh
$$;

-- 0: < 1 h, 1: 1–2 h, 2: 2–4 h, 3: ≥ 4 h of charging.
create function stats_charging_bucket(charging_end timestamptz, start_timestamp timestamptz) returns integer
language sql immutable as $$
  select case when s < 3600 then 0 when s < 7200 then 1 when s < 14400 then 2 else 3 end
    from (select extract(epoch from (charging_end - start_timestamp)) as s) x
$$;

-- Adds (sign 1) or removes (sign −1) one settled recharge, whose charging ended at charging_end.
create function stats_hourly_add(
  tenant integer, start_ts timestamptz, stop_ts timestamptz, wh bigint, charging_end timestamptz, sign integer
) returns void language plpgsql as $$
declare
  b integer := stats_charging_bucket(charging_end, start_ts);
begin
  -- Scopes in tenant order, so that concurrent writers lock the rows in the same order.
  insert into stats_hourly as s (scope_pk, hour, recharges, energy_wh, stay_us,
                                 charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h)
  select sc, date_trunc('hour', start_ts, 'UTC'), sign, sign * wh,
         sign * (extract(epoch from (stop_ts - start_ts)) * 1000000)::bigint,
         case when b = 0 then sign else 0 end, case when b = 1 then sign else 0 end,
         case when b = 2 then sign else 0 end, case when b = 3 then sign else 0 end
    from stats_scopes_of(tenant) sc order by sc
  on conflict (scope_pk, hour) do update set
    recharges = s.recharges + excluded.recharges,
    energy_wh = s.energy_wh + excluded.energy_wh,
    stay_us = s.stay_us + excluded.stay_us,
    charging_lt_1h = s.charging_lt_1h + excluded.charging_lt_1h,
    charging_1h_2h = s.charging_1h_2h + excluded.charging_1h_2h,
    charging_2h_4h = s.charging_2h_4h + excluded.charging_2h_4h,
    charging_ge_4h = s.charging_ge_4h + excluded.charging_ge_4h;
  if sign < 0 then
    delete from stats_hourly
     where scope_pk in (select stats_scopes_of(tenant)) and hour = date_trunc('hour', start_ts, 'UTC') and recharges = 0;
  end if;
end
$$;

-- One recharge row in or out of stats_hourly (nothing when it is not settled).
create function stats_hourly_apply(r transactions, sign integer) returns void language plpgsql as $$
begin
  if stats_settled(r.stop_timestamp, r.energy_wh, r.stop_value_wh) then
    perform stats_hourly_add(r.tenant_pk, r.start_timestamp, r.stop_timestamp,
                             greatest(0, coalesce(r.energy_wh, r.stop_value_wh - r.start_value_wh)),
                             coalesce(stats_charging_end(r.transaction_pk, r.stop_value_wh), r.stop_timestamp), sign);
  end if;
end
$$;

create function stats_user_day_add(tenant integer, usr integer, start_ts timestamptz) returns void language plpgsql as $$
declare
  d integer := stats_utc_day(start_ts);
begin
  if usr is null then return; end if;
  insert into stats_user_days as u (scope_pk, user_pk, days)
  select sc, usr, int4multirange(int4range(d, d + 1)) from stats_scopes_of(tenant) sc order by sc
  on conflict (scope_pk, user_pk) do update set days = u.days + excluded.days
  where not (u.days @> d);
end
$$;

-- Takes the day out of each scope of the tenant unless another recharge of the user in that
-- scope started that UTC day.
create function stats_user_day_remove(tenant integer, usr integer, start_ts timestamptz, tx integer) returns void language plpgsql as $$
declare
  d integer := stats_utc_day(start_ts);
  day_start timestamptz := (date '1970-01-01' + d)::timestamp at time zone 'UTC';
begin
  if usr is null then return; end if;
  update stats_user_days u set days = u.days - int4multirange(int4range(d, d + 1))
   where u.scope_pk in (select stats_scopes_of(tenant)) and u.user_pk = usr
     and not exists (
       select 1 from transactions t
        where t.user_pk = usr and t.transaction_pk <> tx
          and t.start_timestamp >= day_start and t.start_timestamp < day_start + interval '1 day'
          and t.tenant_pk in (select c.tenant_pk from tenants c, tenants a where a.tenant_pk = u.scope_pk and c.path like a.path || '%'));
  delete from stats_user_days where scope_pk in (select stats_scopes_of(tenant)) and user_pk = usr and isempty(days);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Triggers

-- Insert and update: after the row changed (meter values are those of the statement's end).
create function stats_transactions_after() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform stats_hourly_apply(new, 1);
    perform stats_user_day_add(new.tenant_pk, new.user_pk, new.start_timestamp);
    return null;
  end if;
  if (old.transaction_pk, old.tenant_pk, old.start_timestamp, old.stop_timestamp, old.energy_wh, old.start_value_wh, old.stop_value_wh)
     is distinct from
     (new.transaction_pk, new.tenant_pk, new.start_timestamp, new.stop_timestamp, new.energy_wh, new.start_value_wh, new.stop_value_wh) then
    perform stats_hourly_apply(old, -1);
    perform stats_hourly_apply(new, 1);
  end if;
  if (old.tenant_pk, old.user_pk, stats_utc_day(old.start_timestamp)) is distinct from (new.tenant_pk, new.user_pk, stats_utc_day(new.start_timestamp)) then
    perform stats_user_day_remove(old.tenant_pk, old.user_pk, old.start_timestamp, new.transaction_pk);
    perform stats_user_day_add(new.tenant_pk, new.user_pk, new.start_timestamp);
  end if;
  return null;
end
$$;

-- Delete: before the row goes, while its meter values (deleted by cascade) still exist.
create function stats_transactions_before_delete() returns trigger language plpgsql as $$
begin
  perform stats_hourly_apply(old, -1);
  perform stats_user_day_remove(old.tenant_pk, old.user_pk, old.start_timestamp, old.transaction_pk);
  return old;
end
$$;

create trigger transactions_stats_insert after insert on transactions
  for each row execute function stats_transactions_after();
create trigger transactions_stats_update
  after update of transaction_pk, tenant_pk, user_pk, start_timestamp, stop_timestamp, energy_wh, start_value_wh, stop_value_wh
  on transactions for each row execute function stats_transactions_after();
create trigger transactions_stats_delete before delete on transactions
  for each row execute function stats_transactions_before_delete();

-- Meter values move the charging end of a settled recharge when an energy sample reaching the
-- final value arrives (or goes) after the stop. Statement triggers: the charging end before the
-- statement is computed from the current samples without the new ones and with the old ones.
create function stats_meter_values_changed(changed integer[], before_end timestamptz[]) returns void language plpgsql as $$
declare
  r record;
begin
  for r in
    select t.transaction_pk, t.tenant_pk, t.start_timestamp, t.stop_timestamp, t.energy_wh, t.start_value_wh, t.stop_value_wh,
           coalesce(c.before_end, t.stop_timestamp) as old_end,
           coalesce(stats_charging_end(t.transaction_pk, t.stop_value_wh), t.stop_timestamp) as new_end
      from unnest(changed, before_end) as c (transaction_pk, before_end)
      join transactions t on t.transaction_pk = c.transaction_pk
     where stats_settled(t.stop_timestamp, t.energy_wh, t.stop_value_wh)
  loop
    if stats_charging_bucket(r.old_end, r.start_timestamp) <> stats_charging_bucket(r.new_end, r.start_timestamp) then
      perform stats_hourly_add(r.tenant_pk, r.start_timestamp, r.stop_timestamp,
                               greatest(0, coalesce(r.energy_wh, r.stop_value_wh - r.start_value_wh)), r.old_end, -1);
      perform stats_hourly_add(r.tenant_pk, r.start_timestamp, r.stop_timestamp,
                               greatest(0, coalesce(r.energy_wh, r.stop_value_wh - r.start_value_wh)), r.new_end, 1);
    end if;
  end loop;
end
$$;

create function stats_meter_values_insert() returns trigger language plpgsql as $$
declare
  txs integer[];
  ends timestamptz[];
begin
  select array_agg(x.transaction_pk), array_agg(x.before_end) into txs, ends
    from (
      select n.transaction_pk,
             (select min(mv.value_timestamp) from meter_values mv
               where mv.transaction_pk = n.transaction_pk
                 and mv.measurand = 'Energy.Active.Import.Register' and mv.phase is null and mv.value is not null
                 and (case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) >= t.stop_value_wh
                 and not exists (select 1 from stats_new_mv x where x.meter_value_pk = mv.meter_value_pk)) as before_end
        from (select distinct transaction_pk from stats_new_mv
               where transaction_pk is not null and measurand = 'Energy.Active.Import.Register' and phase is null and value is not null) n
        join transactions t on t.transaction_pk = n.transaction_pk
       where stats_settled(t.stop_timestamp, t.energy_wh, t.stop_value_wh)
    ) x;
  if txs is not null then
    perform stats_meter_values_changed(txs, ends);
  end if;
  return null;
end
$$;

create function stats_meter_values_delete() returns trigger language plpgsql as $$
declare
  txs integer[];
  ends timestamptz[];
begin
  select array_agg(x.transaction_pk), array_agg(x.before_end) into txs, ends
    from (
      select n.transaction_pk,
             (select min(u.value_timestamp) from (
                select mv.value_timestamp, mv.measurand, mv.phase, mv.value, mv.unit from meter_values mv where mv.transaction_pk = n.transaction_pk
                union all
                select o.value_timestamp, o.measurand, o.phase, o.value, o.unit from stats_old_mv o where o.transaction_pk = n.transaction_pk
              ) u
               where u.measurand = 'Energy.Active.Import.Register' and u.phase is null and u.value is not null
                 and (case when lower(u.unit) = 'kwh' then u.value * 1000 else u.value end) >= t.stop_value_wh) as before_end
        from (select distinct transaction_pk from stats_old_mv
               where transaction_pk is not null and measurand = 'Energy.Active.Import.Register' and phase is null and value is not null) n
        join transactions t on t.transaction_pk = n.transaction_pk
       where stats_settled(t.stop_timestamp, t.energy_wh, t.stop_value_wh)
    ) x;
  if txs is not null then
    perform stats_meter_values_changed(txs, ends);
  end if;
  return null;
end
$$;

create function stats_meter_values_update() returns trigger language plpgsql as $$
declare
  txs integer[];
  ends timestamptz[];
begin
  select array_agg(x.transaction_pk), array_agg(x.before_end) into txs, ends
    from (
      select n.transaction_pk,
             (select min(u.value_timestamp) from (
                select mv.value_timestamp, mv.measurand, mv.phase, mv.value, mv.unit from meter_values mv
                 where mv.transaction_pk = n.transaction_pk
                   and not exists (select 1 from stats_new_mv x where x.meter_value_pk = mv.meter_value_pk)
                union all
                select o.value_timestamp, o.measurand, o.phase, o.value, o.unit from stats_old_mv o where o.transaction_pk = n.transaction_pk
              ) u
               where u.measurand = 'Energy.Active.Import.Register' and u.phase is null and u.value is not null
                 and (case when lower(u.unit) = 'kwh' then u.value * 1000 else u.value end) >= t.stop_value_wh) as before_end
        from (select transaction_pk from stats_old_mv where transaction_pk is not null
              union select transaction_pk from stats_new_mv where transaction_pk is not null) n
        join transactions t on t.transaction_pk = n.transaction_pk
       where stats_settled(t.stop_timestamp, t.energy_wh, t.stop_value_wh)
    ) x;
  if txs is not null then
    perform stats_meter_values_changed(txs, ends);
  end if;
  return null;
end
$$;

create trigger meter_values_stats_insert after insert on meter_values
  referencing new table as stats_new_mv for each statement execute function stats_meter_values_insert();
create trigger meter_values_stats_delete after delete on meter_values
  referencing old table as stats_old_mv for each statement execute function stats_meter_values_delete();
create trigger meter_values_stats_update after update on meter_values
  referencing old table as stats_old_mv new table as stats_new_mv for each statement execute function stats_meter_values_update();

-- Money of priced recharges.
create function stats_money_add(tenant integer, start_ts timestamptz, cur char(3), c bigint, i bigint, sign integer) returns void
language plpgsql as $$
begin
  insert into stats_hourly_money as m (scope_pk, hour, currency, priced, cost, income)
  select sc, date_trunc('hour', start_ts, 'UTC'), cur, sign, sign * c, sign * i from stats_scopes_of(tenant) sc order by sc
  on conflict (scope_pk, hour, currency) do update set
    priced = m.priced + excluded.priced, cost = m.cost + excluded.cost, income = m.income + excluded.income;
  if sign < 0 then
    delete from stats_hourly_money
     where scope_pk in (select stats_scopes_of(tenant)) and hour = date_trunc('hour', start_ts, 'UTC') and currency = cur and priced = 0;
  end if;
end
$$;

create function stats_transaction_billing() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'DELETE' or (old.tenant_pk, old.start_timestamp, old.currency, old.cost, old.total)
                           is distinct from (new.tenant_pk, new.start_timestamp, new.currency, new.cost, new.total) then
      perform stats_money_add(old.tenant_pk, old.start_timestamp, old.currency, old.cost, old.total, -1);
    else
      return null;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform stats_money_add(new.tenant_pk, new.start_timestamp, new.currency, new.cost, new.total, 1);
  end if;
  return null;
end
$$;

create trigger transaction_billing_stats
  after insert or delete or update of tenant_pk, start_timestamp, currency, cost, total on transaction_billing
  for each row execute function stats_transaction_billing();

-- ---------------------------------------------------------------------------------------------
-- Rebuild from the rows (set-based): for a bulk load made without triggers, or as a check.

create function stats_rollups_rebuild() returns void language plpgsql as $$
begin
  lock table tenants, transactions, meter_values, transaction_billing in share mode;
  delete from stats_hourly;
  delete from stats_hourly_money;
  delete from stats_user_days;
  create temporary table stats_scope_map on commit drop as
    select t.tenant_pk, a.tenant_pk as scope_pk from tenants t join tenants a on t.path like a.path || '%';
  insert into stats_hourly (scope_pk, hour, recharges, energy_wh, stay_us, charging_lt_1h, charging_1h_2h, charging_2h_4h, charging_ge_4h)
  select m.scope_pk, x.hour, sum(x.n), sum(x.wh), sum(x.stay_us), sum(x.b0), sum(x.b1), sum(x.b2), sum(x.b3)
    from (select tenant_pk, hour, count(*) as n, sum(wh) as wh, sum(stay_us) as stay_us,
                 count(*) filter (where b = 0) as b0, count(*) filter (where b = 1) as b1,
                 count(*) filter (where b = 2) as b2, count(*) filter (where b = 3) as b3
            from (select t.tenant_pk, date_trunc('hour', t.start_timestamp, 'UTC') as hour,
                         greatest(0, coalesce(t.energy_wh, t.stop_value_wh - t.start_value_wh)) as wh,
                         (extract(epoch from (t.stop_timestamp - t.start_timestamp)) * 1000000)::bigint as stay_us,
                         stats_charging_bucket(coalesce(e.charging_end, t.stop_timestamp), t.start_timestamp) as b
                    from transactions t
                    left join (select mv.transaction_pk, min(mv.value_timestamp) as charging_end
                                 from meter_values mv join transactions t2 on t2.transaction_pk = mv.transaction_pk
                                where mv.measurand = 'Energy.Active.Import.Register' and mv.phase is null and mv.value is not null
                                  and (case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) >= t2.stop_value_wh
                                group by mv.transaction_pk) e on e.transaction_pk = t.transaction_pk
                   where stats_settled(t.stop_timestamp, t.energy_wh, t.stop_value_wh)) r
           group by tenant_pk, hour) x
    join stats_scope_map m on m.tenant_pk = x.tenant_pk
   group by m.scope_pk, x.hour
   order by x.hour, m.scope_pk;
  insert into stats_hourly_money (scope_pk, hour, currency, priced, cost, income)
  select m.scope_pk, x.hour, x.currency, sum(x.n), sum(x.cost), sum(x.income)
    from (select tenant_pk, date_trunc('hour', start_timestamp, 'UTC') as hour, currency, count(*) as n, sum(cost) as cost, sum(total) as income
            from transaction_billing group by 1, 2, 3) x
    join stats_scope_map m on m.tenant_pk = x.tenant_pk
   group by m.scope_pk, x.hour, x.currency
   order by x.hour, m.scope_pk, x.currency;
  insert into stats_user_days (scope_pk, user_pk, days)
  select m.scope_pk, x.user_pk, range_agg(int4range(x.d, x.d + 1))
    from (select distinct tenant_pk, user_pk, stats_utc_day(start_timestamp) as d from transactions where user_pk is not null) x
    join stats_scope_map m on m.tenant_pk = x.tenant_pk
   group by m.scope_pk, x.user_pk
   order by m.scope_pk, x.user_pk;
  drop table stats_scope_map;
end
$$;

-- A tenant that moves in the tree (its path changes) takes its recharges to other scopes: the
-- roll-ups are rebuilt when the moved tenants have recharges (a rare administrative change).
create function stats_tenants_moved() returns trigger language plpgsql as $$
begin
  if exists (select 1 from stats_old_tenants o join stats_new_tenants n on n.tenant_pk = o.tenant_pk
              where o.path is distinct from n.path
                and exists (select 1 from transactions t where t.tenant_pk = n.tenant_pk)) then
    perform stats_rollups_rebuild();
  end if;
  return null;
end
$$;

create trigger tenants_stats_moved after update on tenants
  referencing old table as stats_old_tenants new table as stats_new_tenants
  for each statement execute function stats_tenants_moved();

-- A database that already holds recharges starts with exact roll-ups.
select stats_rollups_rebuild();
