-- Vouchers: prepaid recharge credits given to chosen users, optionally limited to some charge
-- points, applied by billing (002 §2–§9, issue 20). See docs/decisions.md ("Vouchers").
--
-- Nothing here stores a status: the voucher's status (NOT_STARTED, ACTIVE, EXPIRED, INACTIVE,
-- USED) and each user's (NOT_USED, SUSPEND, USED) are derived on every read from the clock and
-- the counters below (modules/vouchers/repository.ts).

create table vouchers (
  voucher_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  -- Uppercase; unique among the tenant's ACTIVE vouchers (checked by the service under an
  -- advisory lock: "active" depends on the clock, so no index can say it).
  code text not null check (length(code) between 1 and 30 and code = upper(code)),
  title text not null check (length(title) between 1 and 50),
  description text not null check (length(description) between 1 and 100),
  kind text not null check (kind in ('PERCENT_RECHARGE', 'MONEY_RECHARGE', 'KWH_RECHARGE')),
  -- The value of one copy (one user's): MONEY minor units of the tenant's currency, KWH Wh; null for PERCENT.
  amount bigint check (amount > 0),
  -- PERCENT: the fraction taken off (0.2 = 20 %); null for the other kinds.
  fraction numeric(7, 6) check (fraction > 0 and fraction <= 1),
  units integer not null check (units between 1 and 1000),
  start_at timestamptz not null,
  expire_at timestamptz not null,
  active boolean not null default true,
  expire_type text not null default 'EXPIRATION_DATE' check (expire_type in ('EXPIRATION_DATE', 'USES_PER_USER')),
  uses_per_user integer not null default 1 check (uses_per_user >= 1),
  -- Every charge point of the tenant (no rows in voucher_charge_boxes) or only those listed.
  all_charge_boxes boolean not null default true,
  created_by integer references users (user_pk),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (expire_at > start_at),
  check ((kind = 'PERCENT_RECHARGE') = (fraction is not null) and (kind = 'PERCENT_RECHARGE') = (amount is null)),
  check (expire_type = 'EXPIRATION_DATE' or kind = 'PERCENT_RECHARGE')
);
-- The list (per tenant, newest first) and GET vouchers/last (a code's most recent voucher).
create index vouchers_tenant_idx on vouchers (tenant_pk, voucher_pk desc);
create index vouchers_tenant_code_idx on vouchers (tenant_pk, code, voucher_pk desc);

-- A restricted voucher's charge points.
create table voucher_charge_boxes (
  voucher_pk integer not null references vouchers (voucher_pk) on delete cascade,
  charge_box_pk integer not null references charge_boxes (charge_box_pk),
  primary key (voucher_pk, charge_box_pk)
);
create index voucher_charge_boxes_station_idx on voucher_charge_boxes (charge_box_pk);

-- One user's copy of a voucher and what it has used (refunded uses given back). The row is the
-- lock billing takes (select … for update) so two recharges never overspend it.
create table voucher_users (
  voucher_user_pk serial primary key,
  voucher_pk integer not null references vouchers (voucher_pk) on delete cascade,
  user_pk integer not null references users (user_pk),
  -- Recharges that used it (refunds excluded).
  uses integer not null default 0 check (uses >= 0),
  -- MONEY: minor units; KWH: Wh; PERCENT: 0 (a rate is not a stock).
  value_used bigint not null default 0 check (value_used >= 0),
  -- Money taken off recharges, minor units (every kind).
  discount_total bigint not null default 0 check (discount_total >= 0),
  created_at timestamptz not null default now(),
  unique (voucher_pk, user_pk)
);
-- Billing's lookup: the copies of this user (then the voucher's window and stations).
create index voucher_users_user_idx on voucher_users (user_pk, voucher_pk);

-- One row per recharge a voucher paid (part of): at most one voucher per recharge; re-pricing
-- replaces it, a refund marks it and gives the value back.
create table voucher_uses (
  voucher_use_pk serial primary key,
  voucher_pk integer not null references vouchers (voucher_pk) on delete cascade,
  voucher_user_pk integer not null references voucher_users (voucher_user_pk),
  user_pk integer not null references users (user_pk),
  transaction_pk integer not null references transactions (transaction_pk) on delete cascade,
  -- The recharge's price before the voucher (start fee + energy + operational fee), minor units.
  recharge_amount bigint not null check (recharge_amount >= 0),
  -- Money taken off, minor units.
  amount_discounted bigint not null check (amount_discounted >= 0),
  -- In the kind's unit: MONEY minor units, KWH Wh, PERCENT 0.
  value_used bigint not null check (value_used >= 0),
  -- The copy's balance after this use, in the kind's unit (PERCENT: uses left, -1 = unlimited).
  balance_after bigint not null,
  used_at timestamptz not null default now(),
  refunded_at timestamptz,
  unique (transaction_pk)
);
create index voucher_uses_voucher_idx on voucher_uses (voucher_pk, used_at desc, voucher_use_pk desc);
create index voucher_uses_user_idx on voucher_uses (voucher_pk, user_pk, used_at desc);
