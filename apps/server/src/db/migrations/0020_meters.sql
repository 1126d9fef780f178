-- Meters of smart charging (002 §3 Meter, §4; issue 18 items 1 and 2).

-- A meter device of a network. It reports over MQTT (topic recarga/meters/{device_remote_id}/measurements)
-- or over HTTP with its token; only the token's SHA-256 is kept (the token is shown once).
create table meters (
  meter_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  mac_address text not null unique check (mac_address ~ '^[0-9A-F]{2}(:[0-9A-F]{2}){5}$'),
  device_remote_id text not null unique check (device_remote_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  token_hash text not null,
  created_at timestamptz not null default now()
);
create index meters_tenant_idx on meters (tenant_pk);

-- Its readings: amperes per phase at the device's timestamp. One row per (meter, timestamp): a
-- reading delivered twice (MQTT redelivery, an HTTP retry, two nodes) is stored once. Kept
-- METER_RETENTION_DAYS days (the meters.retention job).
create table meter_measurements (
  meter_pk integer not null references meters (meter_pk) on delete cascade,
  measured_at timestamptz not null,
  phase_1_a numeric(8, 2) not null check (phase_1_a >= 0),
  phase_2_a numeric(8, 2) not null check (phase_2_a >= 0),
  phase_3_a numeric(8, 2) not null check (phase_3_a >= 0),
  received_at timestamptz not null default now(),
  primary key (meter_pk, measured_at)
);
