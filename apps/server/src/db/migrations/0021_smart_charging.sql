-- Smart charging: the load manager of a virtual group (002 §3 Smart charging record, §4, §5, §7;
-- issue 18 items 4–7).

-- The record (002 §3): on or off, the dates it runs between, the breaker's rating, the modulation
-- (DYNAMIC only) and the meter with whether it sits in the chargers' circuit. It is created first
-- (POST /smart/smart-charging) and then linked to one group (POST /gateway/virtual-groups/smart-charging),
-- or created with its group; a group has at most one, a meter serves at most one record.
create table smart_charging (
  smart_charging_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  virtual_group_pk integer unique references virtual_groups (virtual_group_pk) on delete cascade,
  enabled boolean not null default false,
  start_date date,
  end_date date,
  current_nominal_a numeric(5, 2) check (current_nominal_a > 0),
  modulation text not null default 'DYNAMIC' check (modulation = 'DYNAMIC'),
  meter_pk integer unique references meters (meter_pk) on delete set null,
  meter_in_circuit boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (start_date is null or end_date is null or start_date <= end_date),
  check (not enabled or (start_date is not null and end_date is not null and current_nominal_a is not null))
);
create index smart_charging_tenant_idx on smart_charging (tenant_pk);

-- What the control loop knows of each session it manages: the limit last sent, what became of it
-- (PENDING until the station answers; ACCEPTED; REJECTED or FAILED — offline, timeout, error), how
-- many tries in a row failed and when to try again (backoff), and the task that carried it.
create table smart_charging_sessions (
  transaction_pk integer primary key references transactions (transaction_pk) on delete cascade,
  virtual_group_pk integer not null references virtual_groups (virtual_group_pk) on delete cascade,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_id integer not null,
  limit_a numeric(6, 1) not null check (limit_a >= 0),
  status text not null check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'FAILED')),
  failures integer not null default 0,
  retry_at timestamptz,
  task_pk bigint references operation_tasks (task_pk) on delete set null,
  updated_at timestamptz not null default now()
);
create index smart_charging_sessions_group_idx on smart_charging_sessions (virtual_group_pk);

-- The loop's memory per group between runs (any node may run it next): the meter's last known
-- state, failsafe, a breach under way, and the last plan (shown on the tab).
create table smart_charging_state (
  virtual_group_pk integer primary key references virtual_groups (virtual_group_pk) on delete cascade,
  meter_online boolean,
  failsafe boolean not null default false,
  breached boolean not null default false,
  plan jsonb,
  planned_at timestamptz
);

-- The load manager's events (the group's Events tab, merged with its stations' events).
create table smart_charging_events (
  event_pk bigserial primary key,
  virtual_group_pk integer not null references virtual_groups (virtual_group_pk) on delete cascade,
  at timestamptz not null default now(),
  kind text not null check (kind in ('METER_ONLINE', 'METER_OFFLINE', 'PLAN_CHANGED', 'PROFILE_REJECTED', 'BREAKER_MARGIN_BREACHED', 'FAILSAFE')),
  charge_box_pk integer references charge_boxes (charge_box_pk) on delete set null,
  detail jsonb not null default '{}'
);
create index smart_charging_events_group_idx on smart_charging_events (virtual_group_pk, at desc, event_pk desc);
