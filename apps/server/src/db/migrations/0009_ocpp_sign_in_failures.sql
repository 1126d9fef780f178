-- Failed OCPP sign-ins (wrong or missing HTTP Basic password, unknown charge box id), kept for
-- the throttling window (ocpp/sign-in-throttle.ts): persisted, so every node and a restart see
-- the same counts. Rows older than the window are swept.
create table ocpp_sign_in_failures (
  failure_pk bigserial primary key,
  charge_box_id text not null,
  remote_address text,
  reason text not null check (reason in ('password', 'unknown')),
  attempted_at timestamptz not null default now()
);
create index ocpp_sign_in_failures_id_idx on ocpp_sign_in_failures (charge_box_id, attempted_at);
create index ocpp_sign_in_failures_address_idx on ocpp_sign_in_failures (remote_address, attempted_at);
