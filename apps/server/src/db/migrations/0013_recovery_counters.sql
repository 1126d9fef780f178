-- Password recovery requests and code checks, counted per e-mail and per client address whether or
-- not the e-mail belongs to an account: the answers and limits are the same for every e-mail, so
-- the recovery pages cannot tell who has an account. One row per (kind, key) and window.
create table recovery_counters (
  kind text not null check (kind in ('send_email', 'send_client', 'check_email', 'check_client')),
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (kind, key)
);
create index recovery_counters_window_idx on recovery_counters (window_start);
