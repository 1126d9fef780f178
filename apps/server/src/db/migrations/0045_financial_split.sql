-- The financial summary shows paid, pending and refunded money apart (issue 40, item 2): "Valor
-- total" added pending and refunded money to paid money. The three daily roll-ups keep two more
-- sums per row: the money refunded on the day's movements, and the money still pending
-- (in_process, pending). Paid money is `completed` (approved and refunded movements net of their
-- refunds); what is left of `amount` was refused or cancelled.

alter table financial_daily add column refunded bigint not null default 0, add column pending bigint not null default 0;
alter table financial_daily_station add column refunded bigint not null default 0, add column pending bigint not null default 0;
alter table financial_daily_user add column refunded bigint not null default 0, add column pending bigint not null default 0;

-- Money refunded from a movement (only paid money is ever refunded).
create function financial_refunded(status text, refunded bigint) returns bigint
language sql immutable as $$
  select case when status in ('approved', 'refunded') then refunded else 0 end
$$;

-- Money of a movement not yet paid nor refused.
create function financial_pending(status text, amount bigint) returns bigint
language sql immutable as $$
  select case when status in ('in_process', 'pending') then amount else 0 end
$$;

drop function financial_daily_add(integer, integer, text, char, timestamptz, timestamptz, integer, bigint, bigint);
create function financial_daily_add(
  p_tenant integer, p_station integer, p_target text, p_currency char(3), p_created timestamptz, p_moved timestamptz,
  p_sign integer, p_amount bigint, p_kept bigint, p_refunded bigint, p_pending bigint) returns void language plpgsql as $$
begin
  insert into financial_daily as d (tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
  values
    (p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept,
     p_sign * p_refunded, p_sign * p_pending),
    (p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept,
     p_sign * p_refunded, p_sign * p_pending)
  on conflict (tenant_pk, kind, day, target_type, currency) do update
    set movements = d.movements + excluded.movements,
        amount = d.amount + excluded.amount,
        completed = d.completed + excluded.completed,
        refunded = d.refunded + excluded.refunded,
        pending = d.pending + excluded.pending;
  if p_station is not null then
    insert into financial_daily_station as d
      (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
    values
      (p_station, p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount,
       p_sign * p_kept, p_sign * p_refunded, p_sign * p_pending),
      (p_station, p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount,
       p_sign * p_kept, p_sign * p_refunded, p_sign * p_pending)
    on conflict (charge_box_pk, kind, day, tenant_pk, target_type, currency) do update
      set movements = d.movements + excluded.movements,
          amount = d.amount + excluded.amount,
          completed = d.completed + excluded.completed,
          refunded = d.refunded + excluded.refunded,
          pending = d.pending + excluded.pending;
  end if;
end
$$;

drop function financial_daily_user_add(integer, integer, text, char, timestamptz, timestamptz, integer, bigint, bigint);
create function financial_daily_user_add(
  p_user integer, p_tenant integer, p_target text, p_currency char(3), p_created timestamptz, p_moved timestamptz,
  p_sign integer, p_amount bigint, p_kept bigint, p_refunded bigint, p_pending bigint) returns void language plpgsql as $$
begin
  insert into financial_daily_user as d
    (user_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
  values
    (p_user, p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept,
     p_sign * p_refunded, p_sign * p_pending),
    (p_user, p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept,
     p_sign * p_refunded, p_sign * p_pending)
  on conflict (user_pk, kind, day, tenant_pk, target_type, currency) do update
    set movements = d.movements + excluded.movements,
        amount = d.amount + excluded.amount,
        completed = d.completed + excluded.completed,
        refunded = d.refunded + excluded.refunded,
        pending = d.pending + excluded.pending;
end
$$;

create or replace function financial_daily_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform financial_daily_add(old.tenant_pk, old.charge_box_pk, old.target_type, old.currency, old.created_at, old.moved_at, -1,
      old.amount, financial_kept(old.payment_status, old.amount, old.refunded_amount),
      financial_refunded(old.payment_status, old.refunded_amount), financial_pending(old.payment_status, old.amount));
    if old.user_pk is not null then
      perform financial_daily_user_add(old.user_pk, old.tenant_pk, old.target_type, old.currency, old.created_at, old.moved_at, -1,
        old.amount, financial_kept(old.payment_status, old.amount, old.refunded_amount),
        financial_refunded(old.payment_status, old.refunded_amount), financial_pending(old.payment_status, old.amount));
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform financial_daily_add(new.tenant_pk, new.charge_box_pk, new.target_type, new.currency, new.created_at, new.moved_at, 1,
      new.amount, financial_kept(new.payment_status, new.amount, new.refunded_amount),
      financial_refunded(new.payment_status, new.refunded_amount), financial_pending(new.payment_status, new.amount));
    if new.user_pk is not null then
      perform financial_daily_user_add(new.user_pk, new.tenant_pk, new.target_type, new.currency, new.created_at, new.moved_at, 1,
        new.amount, financial_kept(new.payment_status, new.amount, new.refunded_amount),
        financial_refunded(new.payment_status, new.refunded_amount), financial_pending(new.payment_status, new.amount));
    end if;
  end if;
  return null;
end
$$;

create or replace function financial_daily_rebuild() returns void language plpgsql as $$
begin
  lock table financial_movements in share mode;
  delete from financial_daily;
  delete from financial_daily_station;
  delete from financial_daily_user;
  create temporary table financial_daily_rows on commit drop as
  select tenant_pk, charge_box_pk, user_pk, kind, day, target_type, currency, count(*) as movements, sum(amount) as amount,
         sum(kept) as completed, sum(refunded) as refunded, sum(pending) as pending
    from (
      select tenant_pk, charge_box_pk, user_pk, 'C' as kind, (created_at at time zone 'UTC')::date as day, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount) as kept,
             financial_refunded(payment_status, refunded_amount) as refunded,
             financial_pending(payment_status, amount) as pending
        from financial_movements
      union all
      select tenant_pk, charge_box_pk, user_pk, 'M', (moved_at at time zone 'UTC')::date, target_type, currency, amount,
             financial_kept(payment_status, amount, refunded_amount),
             financial_refunded(payment_status, refunded_amount),
             financial_pending(payment_status, amount)
        from financial_movements) x
   group by tenant_pk, charge_box_pk, user_pk, kind, day, target_type, currency;
  insert into financial_daily (tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
  select tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed), sum(refunded), sum(pending)
    from financial_daily_rows group by tenant_pk, kind, day, target_type, currency;
  insert into financial_daily_station
    (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
  select charge_box_pk, tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed), sum(refunded),
         sum(pending)
    from financial_daily_rows where charge_box_pk is not null
   group by charge_box_pk, tenant_pk, kind, day, target_type, currency;
  insert into financial_daily_user (user_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed, refunded, pending)
  select user_pk, tenant_pk, kind, day, target_type, currency, sum(movements), sum(amount), sum(completed), sum(refunded), sum(pending)
    from financial_daily_rows where user_pk is not null
   group by user_pk, tenant_pk, kind, day, target_type, currency;
  drop table financial_daily_rows;
end
$$;

select financial_daily_rebuild();
