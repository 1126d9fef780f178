-- OCPP sign-in failures become counters: one row per (charge box id, address, reason) holding the
-- failures of the current window, so a flood of attempts raises a number instead of adding rows.
-- 'signed_in' rows remember the addresses a station signed in from (its known places), whose right
-- password is never held back by strangers' guesses.
drop table ocpp_sign_in_failures;
create table ocpp_sign_in_failures (
  charge_box_id text not null,
  -- '' when the socket had no address
  remote_address text not null,
  reason text not null check (reason in ('password', 'unknown', 'signed_in')),
  failures integer not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (charge_box_id, remote_address, reason)
);
create index ocpp_sign_in_failures_address_idx on ocpp_sign_in_failures (remote_address, reason, last_at);
create index ocpp_sign_in_failures_last_idx on ocpp_sign_in_failures (last_at);

-- The dashboard's sweep of old sign-in attempts reads by age.
create index login_attempts_age_idx on login_attempts (attempted_at);
