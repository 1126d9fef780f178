-- Financial movements screen (issue 19): the ledger read by tenant, station, period and order;
-- daily roll-ups for the counts and the summary; refund idempotency keys; Mercado Pago payment
-- notifications; the invoice cancelled or corrected after a refund. See docs/decisions.md
-- ("Financial movements").

-- ---------------------------------------------------------------------------------------------
-- The movement's station and its "financial movement" time

-- The recharge's station, copied from the transaction when the movement is written (a
-- transaction's station never changes), so a station's movements are read from one index.
alter table financial_movements add column charge_box_pk integer;
update financial_movements m set charge_box_pk = t.charge_box_pk from transactions t where t.transaction_pk = m.transaction_pk;

create function financial_movements_fill() returns trigger language plpgsql as $$
begin
  if new.transaction_pk is not null and new.charge_box_pk is null then
    select t.charge_box_pk into new.charge_box_pk from transactions t where t.transaction_pk = new.transaction_pk;
  end if;
  return new;
end
$$;
create trigger financial_movements_fill before insert on financial_movements
  for each row execute function financial_movements_fill();

-- Order "by financial movement": when the money moved (paid), else when the movement was
-- created (pending, rejected… keep their place).
alter table financial_movements add column moved_at timestamptz generated always as (coalesce(paid_at, created_at)) stored;

-- Pages in either order, per tenant and per station, ties by id (newest first).
drop index financial_movements_tenant_created_idx;
create index financial_movements_tenant_created_idx on financial_movements (tenant_pk, created_at desc, movement_pk desc);
create index financial_movements_tenant_moved_idx on financial_movements (tenant_pk, moved_at desc, movement_pk desc);
create index financial_movements_station_created_idx on financial_movements (charge_box_pk, created_at desc, movement_pk desc)
  where charge_box_pk is not null;
create index financial_movements_station_moved_idx on financial_movements (charge_box_pk, moved_at desc, movement_pk desc)
  where charge_box_pk is not null;

-- A provider's payment credits a wallet once: one deposit per provider payment id (webhook replays,
-- a notification and a status check racing).
create unique index financial_movements_deposit_external_uq on financial_movements (provider, external_id)
  where target_type = 'USER' and external_id is not null and provider not in ('manual', 'none');

-- ---------------------------------------------------------------------------------------------
-- Daily roll-ups of the ledger (counts and sums of a period without reading its rows)

-- Per tenant, UTC day, kind of time (C = created_at, M = moved_at), target and currency: number of
-- movements, the sum of their amounts, and the sum kept (approved or refunded: amount − refunded).
-- The same per station (recharges only) for the station filter. Kept exact by the trigger below
-- in the same database transaction as the movement's change; a period reads its whole UTC days
-- here and its partial days at the edges from the rows.
create table financial_daily (
  tenant_pk integer not null,
  kind char(1) not null check (kind in ('C', 'M')),
  day date not null,
  target_type text not null,
  currency char(3) not null,
  movements integer not null,
  amount bigint not null,
  completed bigint not null,
  primary key (tenant_pk, kind, day, target_type, currency)
);
create table financial_daily_station (
  charge_box_pk integer not null,
  tenant_pk integer not null,
  kind char(1) not null check (kind in ('C', 'M')),
  day date not null,
  target_type text not null,
  currency char(3) not null,
  movements integer not null,
  amount bigint not null,
  completed bigint not null,
  primary key (charge_box_pk, kind, day, tenant_pk, target_type, currency)
);
alter table financial_daily set (parallel_workers = 0);
alter table financial_daily_station set (parallel_workers = 0);

create function financial_kept(status text, amount bigint, refunded bigint) returns bigint
language sql immutable as $$
  select case when status in ('approved', 'refunded') then amount - refunded else 0 end
$$;

-- Adds (sign 1) or removes (sign −1) one movement's contribution to its roll-up rows.
create function financial_daily_add(
  p_tenant integer, p_station integer, p_target text, p_currency char(3), p_created timestamptz, p_moved timestamptz,
  p_sign integer, p_amount bigint, p_kept bigint) returns void language plpgsql as $$
begin
  insert into financial_daily as d (tenant_pk, kind, day, target_type, currency, movements, amount, completed)
  values
    (p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept),
    (p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept)
  on conflict (tenant_pk, kind, day, target_type, currency) do update
    set movements = d.movements + excluded.movements,
        amount = d.amount + excluded.amount,
        completed = d.completed + excluded.completed;
  if p_station is not null then
    insert into financial_daily_station as d (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
    values
      (p_station, p_tenant, 'C', (p_created at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept),
      (p_station, p_tenant, 'M', (p_moved at time zone 'UTC')::date, p_target, p_currency, p_sign, p_sign * p_amount, p_sign * p_kept)
    on conflict (charge_box_pk, kind, day, tenant_pk, target_type, currency) do update
      set movements = d.movements + excluded.movements,
          amount = d.amount + excluded.amount,
          completed = d.completed + excluded.completed;
  end if;
end
$$;

create function financial_daily_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform financial_daily_add(old.tenant_pk, old.charge_box_pk, old.target_type, old.currency, old.created_at, old.moved_at, -1,
      old.amount, financial_kept(old.payment_status, old.amount, old.refunded_amount));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform financial_daily_add(new.tenant_pk, new.charge_box_pk, new.target_type, new.currency, new.created_at, new.moved_at, 1,
      new.amount, financial_kept(new.payment_status, new.amount, new.refunded_amount));
  end if;
  return null;
end
$$;
create trigger financial_daily_insert after insert on financial_movements
  for each row execute function financial_daily_track();
create trigger financial_daily_delete after delete on financial_movements
  for each row execute function financial_daily_track();
create trigger financial_daily_update after update on financial_movements
  for each row when (
    old.tenant_pk is distinct from new.tenant_pk or old.target_type is distinct from new.target_type
    or old.charge_box_pk is distinct from new.charge_box_pk
    or old.currency is distinct from new.currency or old.created_at is distinct from new.created_at
    or old.paid_at is distinct from new.paid_at or old.amount is distinct from new.amount
    or old.refunded_amount is distinct from new.refunded_amount or old.payment_status is distinct from new.payment_status)
  execute function financial_daily_track();

create temporary table financial_daily_seed on commit drop as
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
  from financial_daily_seed group by tenant_pk, kind, day, target_type, currency;
insert into financial_daily_station (charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed)
select charge_box_pk, tenant_pk, kind, day, target_type, currency, movements, amount, completed
  from financial_daily_seed where charge_box_pk is not null;

-- ---------------------------------------------------------------------------------------------
-- Refunds: idempotency keys

-- The Idempotency-Key of a refund request, per operator: the same key answers the same refund
-- (a double click, a retried request). Written in the refund's own database transaction, so a
-- refund that failed leaves no key behind and may be tried again.
create table refund_idempotency_keys (
  actor_user_pk integer not null references users (user_pk) on delete cascade,
  idempotency_key text not null,
  movement_pk bigint not null references financial_movements (movement_pk),
  -- The partial amount asked (null: the total).
  requested_amount bigint,
  refund_pk bigint references payment_refunds (refund_pk),
  created_at timestamptz not null default now(),
  primary key (actor_user_pk, idempotency_key)
);

-- ---------------------------------------------------------------------------------------------
-- Payment notifications (webhooks)

-- Every signed notification received, by the provider's request id: a replayed request is
-- answered without being processed again (the deposit itself is unique by payment id above).
create table payment_notifications (
  provider text not null,
  request_id text not null,
  topic text not null,
  resource_id text not null,
  result text,
  received_at timestamptz not null default now(),
  primary key (provider, request_id)
);

-- ---------------------------------------------------------------------------------------------
-- Invoices after a refund

-- CANCELLED: the invoice of a recharge refunded in full was cancelled (or never issued). A
-- pending action asks the invoice job to cancel (total refund) or correct (partial refund: a
-- replacement for the amount kept) an authorised invoice through the issuer.
alter table invoices drop constraint invoices_state_check;
alter table invoices add constraint invoices_state_check check (state in (
  'NOT_CONFIGURED', 'PROCESSING', 'AUTHORIZED', 'AUTHORIZATION_ERROR', 'REJECTED',
  'PERMISSION_DENIED', 'CS_ERROR', 'CANCEL_ERROR', 'CANCELLED'));
alter table financial_movements drop constraint financial_movements_invoice_state_check;
alter table financial_movements add constraint financial_movements_invoice_state_check check (invoice_state in (
  'NONE', 'NOT_CONFIGURED', 'PROCESSING', 'AUTHORIZED', 'AUTHORIZATION_ERROR', 'REJECTED',
  'PERMISSION_DENIED', 'CS_ERROR', 'CANCEL_ERROR', 'CANCELLED'));
alter table invoices add column pending_action text check (pending_action in ('CANCEL', 'CORRECT'));
-- The number of the invoice a correction replaced.
alter table invoices add column replaces_number bigint;
create index invoices_action_due_idx on invoices (next_step_at) where pending_action is not null;
