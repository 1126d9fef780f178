-- Remote operations (001 §2 Remote operations, §3 Task). Every command sent to stations is a task:
-- who issued it, from where, with what, and each station's answer. SteVe keeps this in memory and
-- loses it on restart; here it is stored, visible from every node, and a task whose node died while
-- it ran is closed as interrupted by the `operations.interrupted` job (heartbeat_at goes stale).
create table operation_tasks (
  task_pk bigserial primary key,
  origin text not null check (origin in ('DASHBOARD', 'QR_PAGE', 'SMART_CHARGING', 'API')),
  issuer_user_pk integer references users (user_pk) on delete set null,
  issuer text not null,
  ocpp_version text not null check (ocpp_version in ('1.5', '1.6')),
  operation_name text not null,
  parameters jsonb not null,
  node_id text not null,
  start_timestamp timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  end_timestamp timestamptz,
  interrupted boolean not null default false
);
create index operation_tasks_start_idx on operation_tasks (start_timestamp desc, task_pk desc);
create index operation_tasks_running_idx on operation_tasks (heartbeat_at) where end_timestamp is null;

-- One row per station of a task. status: pending until the station answers; then 'answered'
-- (response holds the station's OCPP status, or the file name of GetDiagnostics), 'error'
-- (error_code says which: OFFLINE, TIMEOUT, CALL_ERROR, a refusal before sending…; error_message
-- keeps the technical detail, such as the station's CALLERROR code and text), or 'interrupted'.
-- detail keeps what the detail view shows (GetConfiguration keys, a composite schedule).
create table operation_task_results (
  task_pk bigint not null references operation_tasks (task_pk) on delete cascade,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  charge_box_id text not null,
  tenant_pk integer not null references tenants (tenant_pk),
  status text not null default 'pending' check (status in ('pending', 'answered', 'error', 'interrupted')),
  response text,
  error_code text,
  error_message text,
  detail jsonb,
  finished_at timestamptz,
  primary key (task_pk, charge_box_pk)
);
create index operation_task_results_tenant_idx on operation_task_results (tenant_pk, task_pk desc);

-- Charging profiles (002 §3 Charging profile): OCPP 1.6 schedules an operator stores once and sends
-- with SetChargingProfile. A profile belongs to the tenant of the user who created it.
create table charging_profiles (
  charging_profile_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  description text not null,
  note text,
  stack_level integer not null check (stack_level >= 0),
  charging_profile_purpose text not null check (charging_profile_purpose in ('CHARGE_POINT_MAX_PROFILE', 'TX_DEFAULT_PROFILE', 'TX_PROFILE')),
  charging_profile_kind text not null check (charging_profile_kind in ('ABSOLUTE', 'RECURRING', 'RELATIVE')),
  recurrency_kind text check (recurrency_kind in ('DAILY', 'WEEKLY')),
  valid_from timestamptz,
  valid_to timestamptz,
  start_schedule timestamptz,
  duration_in_seconds integer check (duration_in_seconds > 0),
  charging_rate_unit text not null check (charging_rate_unit in ('W', 'A')),
  min_charging_rate numeric(12, 1) check (min_charging_rate >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index charging_profiles_tenant_idx on charging_profiles (tenant_pk, charging_profile_pk desc);

create table charging_schedule_periods (
  charging_profile_pk integer not null references charging_profiles (charging_profile_pk) on delete cascade,
  start_period_in_seconds integer not null check (start_period_in_seconds >= 0),
  power_limit numeric(12, 1) not null check (power_limit >= 0),
  number_phases integer check (number_phases between 1 and 3),
  primary key (charging_profile_pk, start_period_in_seconds)
);

-- The profiles a station accepted, per connector (0: the whole station). Cleared by a
-- ClearChargingProfile the station accepted.
create table station_charging_profiles (
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_id integer not null check (connector_id >= 0),
  charging_profile_pk integer not null references charging_profiles (charging_profile_pk) on delete cascade,
  set_at timestamptz not null default now(),
  task_pk bigint references operation_tasks (task_pk) on delete set null,
  primary key (charge_box_pk, connector_id, charging_profile_pk)
);
create index station_charging_profiles_profile_idx on station_charging_profiles (charging_profile_pk);

-- Reservations (ReserveNow / CancelReservation, OCPP 1.6 §5.13 and §5.3): reservation_pk is the
-- OCPP reservationId. REQUESTED while the station has not answered; ACCEPTED until it is used by a
-- start of its tag, cancelled, or its expiry passes (the `operations.reservations` job); REFUSED
-- when the station answered anything but Accepted (station_answer keeps what).
create table reservations (
  reservation_pk serial primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_id integer not null check (connector_id >= 0),
  tenant_pk integer not null references tenants (tenant_pk),
  id_tag text not null,
  parent_id_tag text,
  expiry_date timestamptz not null,
  status text not null default 'REQUESTED' check (status in ('REQUESTED', 'ACCEPTED', 'REFUSED', 'CANCELLED', 'USED', 'EXPIRED')),
  station_answer text,
  transaction_pk integer references transactions (transaction_pk) on delete set null,
  task_pk bigint references operation_tasks (task_pk) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reservations_open_idx on reservations (charge_box_pk, connector_id) where status in ('REQUESTED', 'ACCEPTED');
create index reservations_expiry_idx on reservations (expiry_date) where status in ('REQUESTED', 'ACCEPTED');
create index reservations_tenant_idx on reservations (tenant_pk, reservation_pk desc);

-- The local authorization list each station holds (SendLocalList / GetLocalListVersion): the
-- last version handed out for it, the size of the last full list it accepted, and the version the
-- station last reported (or accepted).
create table station_local_lists (
  charge_box_pk integer primary key references charge_boxes (charge_box_pk) on delete cascade,
  list_version integer not null default 0,
  entries integer not null default 0,
  sent_at timestamptz,
  reported_version integer,
  reported_at timestamptz
);

-- Commands beyond the spec's list (docs/decisions.md) have permission keys of their own; profiles
-- trusted with changing a station's configuration get them.
insert into access_profile_entries (profile_pk, route, status)
select distinct e.profile_pk, k.route, true
from access_profile_entries e
cross join (values
  ('/operations/reserve_now'),
  ('/operations/cancel_reservation'),
  ('/operations/get_composite_schedule'),
  ('/operations/send_local_list'),
  ('/operations/get_local_list_version')
) as k (route)
where e.route = '/operations/change_configuration' and e.status
on conflict do nothing;

-- Payment generation of a remote start (001 §4): the operator chose how the recharge it makes is
-- billed. The StartTransaction that follows on that connector with that tag (within 15 minutes)
-- claims the request and the transaction keeps the chosen type for billing.
create table remote_start_requests (
  request_pk bigserial primary key,
  task_pk bigint references operation_tasks (task_pk) on delete cascade,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_id integer not null,
  id_tag text not null,
  payment_type text not null,
  requested_at timestamptz not null default now(),
  transaction_pk integer references transactions (transaction_pk) on delete set null
);
create index remote_start_requests_open_idx on remote_start_requests (charge_box_pk, connector_id, lower(id_tag), requested_at desc)
  where transaction_pk is null;
alter table transactions add column requested_payment_type text;
