-- OCPP central system: stations, connectors, tags, transactions, meter values, events.
-- Timestamps are timestamptz (UTC); money in minor units (bigint); percentages as fractions.

create table connector_types (
  connector_type_pk serial primary key,
  name text not null unique
);
insert into connector_types (name) values
  ('Type 1'), ('Type 2'), ('Tesla'), ('CCS Type 1'), ('CCS Type 2'), ('CHAdeMO'), ('GB/T'), ('Plug NBR');

create table station_groups (
  charge_box_group_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  name text not null,
  status text not null default 'ACTIVE',
  external_id text,
  street text,
  house_number text,
  zip_code text,
  city text,
  state text,
  country text not null default 'BR',
  location_latitude double precision check (location_latitude between -90 and 90),
  location_longitude double precision check (location_longitude between -180 and 180),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index station_groups_tenant_idx on station_groups (tenant_pk);

create table charge_boxes (
  charge_box_pk serial primary key,
  -- The OCPP identity (last path segment of /ocpp/{chargeBoxId}); unique among stations not deleted.
  charge_box_id text not null check (charge_box_id <> '' and charge_box_id !~ '\s'),
  tenant_pk integer not null references tenants (tenant_pk),
  endpoint_address text,
  description text,
  external_id text,
  type_of text not null default 'PUBLIC' check (type_of in ('PUBLIC', 'PRIVATE')),
  active boolean not null default true,
  deleted_at timestamptz,
  reservation boolean not null default false,
  is_ocpi_compatible boolean not null default false,
  is_hubject_compatible boolean not null default false,
  show_location boolean not null default true,
  location_latitude double precision check (location_latitude between -90 and 90),
  location_longitude double precision check (location_longitude between -180 and 180),
  street text,
  house_number text,
  zip_code text,
  city text,
  state text,
  country text not null default 'BR',
  charge_box_group_pk integer references station_groups (charge_box_group_pk) on delete set null,
  is_open_24h boolean not null default true,
  open_time time,
  close_time time,
  is_tenant_device_reader boolean not null default false,
  device_reader_mac text,
  uuid uuid not null default gen_random_uuid(),
  -- Reported by the station (BootNotification).
  charge_point_vendor text,
  charge_point_model text,
  charge_point_serial_number text,
  charge_box_serial_number text,
  fw_version text,
  iccid text,
  imsi text,
  meter_type text,
  meter_serial_number text,
  ocpp_protocol text check (ocpp_protocol in ('ocpp1.6', 'ocpp1.5')),
  origin text not null default 'MOVE' check (origin in ('MOVE', 'PLUG_SHARE')),
  registration_status text,
  last_heartbeat_timestamp timestamptz,
  last_boot_timestamp timestamptz,
  diagnostics_status text,
  diagnostics_timestamp timestamptz,
  firmware_status text,
  firmware_timestamp timestamptz,
  -- OCPP security profile 1/2: HTTP Basic password, scrypt hash (platform/auth/password.ts). Null: no password.
  ocpp_password_hash text,
  -- Payment settings: money in minor units; per kWh, per minute (DURATION) and per recharge.
  has_payment boolean not null default false,
  payment_charge_type_cost text not null default 'KWH' check (payment_charge_type_cost in ('KWH', 'DURATION')),
  payment_charge_type_income text not null default 'KWH' check (payment_charge_type_income in ('KWH', 'DURATION')),
  payment_charge_by_income text not null default 'CHARGE_BOX' check (payment_charge_by_income in ('CHARGE_BOX', 'CONNECTOR')),
  money_per_kilowatt_cost bigint not null default 0,
  money_per_duration_cost bigint not null default 0,
  money_per_transaction_cost bigint not null default 0,
  money_per_kilowatt_income bigint not null default 0,
  money_per_duration_income bigint not null default 0,
  money_per_transaction_income bigint not null default 0,
  tax_income numeric(7, 6) not null default 0 check (tax_income >= 0 and tax_income <= 1),
  -- Smart charging.
  system text check (system in ('SINGLE_PHASE', 'TWO_PHASE', 'THREE_PHASE')),
  phase text,
  voltage integer,
  charging_rate_unit text check (charging_rate_unit in ('A', 'W')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index charge_boxes_id_uq on charge_boxes (charge_box_id) where deleted_at is null;
create index charge_boxes_tenant_idx on charge_boxes (tenant_pk) where deleted_at is null;
create index charge_boxes_group_idx on charge_boxes (charge_box_group_pk);

-- One row per station whose websocket is open on some node. "Online" means a row exists and the
-- holding node saw the socket answer recently (last_seen_at is refreshed by pongs and messages).
create table station_connections (
  charge_box_pk integer primary key references charge_boxes (charge_box_pk) on delete cascade,
  connection_id uuid not null,
  node_id text not null,
  protocol text not null,
  remote_address text,
  connected_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index station_connections_node_idx on station_connections (node_id);

create table unknown_stations (
  charge_box_id text primary key,
  attempts integer not null default 1,
  first_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz not null default now(),
  last_remote_address text,
  protocol text
);

create table connectors (
  connector_pk serial primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  -- 0 is the whole station.
  connector_id integer not null check (connector_id >= 0),
  connector_type_pk integer references connector_types (connector_type_pk),
  power_max integer check (power_max >= 0),
  power_max_custom boolean not null default false,
  unusual_status text check (unusual_status in ('MAINTENANCE', 'UNAVAILABLE')),
  -- Income per connector when the station charges by CONNECTOR (minor units per kWh / per minute).
  money_per_kilowatt_income bigint,
  money_per_duration_income bigint,
  last_status text,
  last_error_code text,
  last_error_info text,
  last_vendor_id text,
  last_vendor_error_code text,
  last_status_timestamp timestamptz,
  created_at timestamptz not null default now(),
  unique (charge_box_pk, connector_id)
);

create table connector_status_history (
  connector_status_pk bigserial primary key,
  connector_pk integer not null references connectors (connector_pk) on delete cascade,
  status text not null,
  error_code text not null,
  error_info text,
  vendor_id text,
  vendor_error_code text,
  status_timestamp timestamptz not null,
  received_at timestamptz not null default now()
);
create index connector_status_history_idx on connector_status_history (connector_pk, status_timestamp desc);

-- OCPP id tags are case-insensitive (OCPP 1.6 IdToken): uniqueness and look-ups use lower(id_tag).
create table ocpp_tags (
  ocpp_tag_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  id_tag text not null check (id_tag <> '' and length(id_tag) <= 20),
  type text not null default 'CARD' check (type in ('CARD', 'USER')),
  note text,
  parent_id_tag text,
  owner_user_pk integer references users (user_pk) on delete set null,
  expiry_date timestamptz,
  -- 0 blocks the tag.
  max_active_transaction_count integer not null default 1 check (max_active_transaction_count >= 0),
  inactive boolean not null default false,
  is_free_recharge boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index ocpp_tags_id_tag_uq on ocpp_tags (lower(id_tag));
create index ocpp_tags_tenant_idx on ocpp_tags (tenant_pk);
create index ocpp_tags_owner_idx on ocpp_tags (owner_user_pk);

create table unknown_tags (
  unknown_tag_pk serial primary key,
  id_tag text not null,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  charge_box_pk integer references charge_boxes (charge_box_pk) on delete set null,
  attempts integer not null default 1,
  first_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz not null default now()
);
create unique index unknown_tags_uq on unknown_tags (lower(id_tag), tenant_pk);
create index unknown_tags_tenant_idx on unknown_tags (tenant_pk, last_attempt_at desc);

create table transactions (
  -- The OCPP transactionId.
  transaction_pk serial primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk),
  connector_pk integer not null references connectors (connector_pk),
  -- The station's tenant at start, denormalised for tenant-scoped indexes.
  tenant_pk integer not null references tenants (tenant_pk),
  id_tag text not null,
  ocpp_tag_pk integer references ocpp_tags (ocpp_tag_pk) on delete set null,
  user_pk integer references users (user_pk) on delete set null,
  -- idTagInfo.status answered at start (repeated in the answer to a repeated StartTransaction).
  id_tag_status text not null,
  start_timestamp timestamptz not null,
  start_value_wh bigint not null,
  stop_timestamp timestamptz,
  stop_value_wh bigint,
  stop_reason text,
  -- 'station' (StopTransaction) or 'central_system' (closed by the server, see docs/decisions-ocpp.md).
  stop_event_actor text,
  stop_id_tag text,
  reservation_id integer,
  energy_wh bigint,
  -- Idempotency: a repeated StartTransaction (same station, connector, idTag, timestamp, meterStart) maps here.
  start_key text not null,
  received_start_at timestamptz not null default now(),
  received_stop_at timestamptz,
  unique (charge_box_pk, start_key)
);
create index transactions_tenant_start_idx on transactions (tenant_pk, start_timestamp desc);
create index transactions_station_start_idx on transactions (charge_box_pk, start_timestamp desc);
create index transactions_id_tag_idx on transactions (lower(id_tag));
create index transactions_user_idx on transactions (user_pk, start_timestamp desc);
create index transactions_open_idx on transactions (connector_pk) where stop_timestamp is null;
create index transactions_open_tag_idx on transactions (lower(id_tag)) where stop_timestamp is null;

create table meter_values (
  meter_value_pk bigserial primary key,
  transaction_pk integer references transactions (transaction_pk) on delete cascade,
  connector_pk integer not null references connectors (connector_pk) on delete cascade,
  value_timestamp timestamptz not null,
  measurand text not null default 'Energy.Active.Import.Register',
  phase text,
  location text,
  unit text,
  context text,
  format text,
  -- Numeric reading; null when the sample is not a number (signed data), kept in raw_value then.
  value numeric,
  raw_value text
);
create index meter_values_tx_idx on meter_values (transaction_pk, measurand, value_timestamp);
create index meter_values_connector_idx on meter_values (connector_pk, value_timestamp desc);
-- A station resending a message after a lost answer must not duplicate samples.
create unique index meter_values_sample_uq on meter_values
  (connector_pk, value_timestamp, measurand, coalesce(phase, ''), coalesce(location, ''), coalesce(context, ''));

create table data_transfers (
  data_transfer_pk bigserial primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  vendor_id text not null,
  message_id text,
  data text,
  received_at timestamptz not null default now()
);
create index data_transfers_station_idx on data_transfers (charge_box_pk, received_at desc);

create table notifications (
  notification_pk bigserial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_id integer,
  type text not null check (type in ('Available', 'Disconnected', 'Connected', 'StationBooted', 'TransactionStarted', 'TransactionEnded', 'Failure', 'Warning')),
  notification_timestamp timestamptz not null default now(),
  user_pk integer references users (user_pk) on delete set null,
  transaction_pk integer references transactions (transaction_pk) on delete set null,
  connector_error_code text,
  connector_error_msg text
);
create index notifications_station_idx on notifications (charge_box_pk, notification_timestamp desc);
create index notifications_tenant_idx on notifications (tenant_pk, notification_timestamp desc);
create index notifications_user_idx on notifications (user_pk, notification_timestamp desc) where user_pk is not null;
create index notifications_transaction_idx on notifications (transaction_pk) where transaction_pk is not null;
