-- The ledger's daily roll-up per customer, and financial_daily_rebuild() for all three roll-ups.
--
-- Per customer: a search by a customer's e-mail counts and sums that
-- customer's movements of the period from their days here (and the partial days at the edges from
-- the rows), as a period without a search reads financial_daily. A fleet account with a million
-- movements in a year took 375 ms to count and sum from the rows; its days are a few hundred rows.
create table financial_daily_user (
  user_pk integer not null,
  tenant_pk integer not null,
  kind char(1) not null check (kind in ('C', 'M')),
  day date not null,
  target_type text not null,
  currency char(3) not null,
  movements integer not null,
  amount bigint not null,
  completed bigint not null,
  primary key (user_pk, kind, day, tenant_pk, target_type, currency)
);
alter table financial_daily_user set (parallel_workers = 0);

-- Adds (sign 1) or removes (sign −1) one movement's contribution to its customer's roll-up rows.
create function financial_daily_user_add(
  p_user integer, p_tenant integer, p_target text, p_currency char(3), p_created timestamptz, p_moved timestamptz,
  p_sign integer, p_amount bigint, p_kept bigint) returns void language plpgsql as $$
begin
  insert into financial_daily_user as d (user_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  values
    (p_user, p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept),
    (p_user, p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept)
  on conflict (user_pk, kind, day, tenant_pk, target_type, currency) do update
    set movements = d.movements + excluded.movements,
        amount = d.amount + excluded.amount,
        completed = d.completed + excluded.completed;
end
$$;

create or replace function financial_daily_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform financial_daily_add(old.tenant_pk, old.charge_box_pk, old.target_type, old.currency, old.created_at, old.moved_at, -1,
      old.amount, financial_kept(old.payment_status, old.amount, old.refunded_amount));
    if old.user_pk is not null then
      perform financial_daily_user_add(old.user_pk, old.tenant_pk, old.target_type, old.currency, old.created_at, old.moved_at, -1,
        old.amount, financial_kept(old.payment_status, old.amount, old.refunded_amount));
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform financial_daily_add(new.tenant_pk, new.charge_box_pk, new.target_type, new.currency, new.created_at, new.moved_at, 1,
      new.amount, financial_kept(new.payment_status, new.amount, new.refunded_amount));
    if new.user_pk is not null then
      perform financial_daily_user_add(new.user_pk, new.tenant_pk, new.target_type, new.currency, new.created_at, new.moved_at, 1,
        new.amount, financial_kept(new.payment_status, new.amount, new.refunded_amount));
    end if;
  end if;
  return null;
end
$$;

-- A movement given to another customer moves its contribution too.
drop trigger financial_daily_update on financial_movements;
create trigger financial_daily_update after update on financial_movements
  for each row when (
    old.tenant_pk is distinct from new.tenant_pk or old.target_type is distinct from new.target_type
    or old.charge_box_pk is distinct from new.charge_box_pk or old.user_pk is distinct from new.user_pk
    or old.currency is distinct from new.currency or old.created_at is distinct from new.created_at
    or old.paid_at is distinct from new.paid_at or old.amount is distinct from new.amount
    or old.refunded_amount is distinct from new.refunded_amount or old.payment_status is distinct from new.payment_status)
  execute function financial_daily_track();

-- The three roll-ups rebuilt from the movements, set-based: after a bulk load made without triggers
-- (a ledger moved from another system, the benchmarks' seeds), or as a check. Its counterpart for
-- the dashboard roll-ups is stats_rollups_rebuild() (0007_stats_rollups.sql).
create function financial_daily_rebuild() returns void language plpgsql as $$
begin
  lock table financial_movements in share mode;
  delete from financial_daily;
  delete from financial_daily_station;
  delete from financial_daily_user;
  create temporary table financial_daily_rows on commit drop as
  select tenant_pk, charge_box_pk, user_pk, kind, day, target_type, currency, count(*) as movements, sum(amount) as amount,
         sum(kept) as completed
    from (
      select tenant_pk, charge_box_pk, user_pk, 'C' as kind, (created_at at time zone 'UTC')::date as day, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount) as kept
        from financial_movements
      union all
      select tenant_pk, charge_box_pk, user_pk, 'M', (moved_at at time zone 'UTC')::date, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount)
        from financial_movements) x
   group by tenant_pk, charge_box_pk, user_pk, kind, day, target_type, currency;
  insert into financial_daily (tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  select tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed)
    from financial_daily_rows group by tenant_pk, kind, day, target_type, currency;
  insert into financial_daily_station (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  select charge_box_pk, tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed)
    from financial_daily_rows where charge_box_pk is not null
   group by charge_box_pk, tenant_pk, kind, day, target_type, currency;
  insert into financial_daily_user (user_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  select user_pk, tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed)
    from financial_daily_rows where user_pk is not null
   group by user_pk, tenant_pk, kind, day, target_type, currency;
  drop table financial_daily_rows;
end
$$;

-- A database that already holds movements starts with exact roll-ups.
select financial_daily_rebuild();
