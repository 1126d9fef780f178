-- The per-tenant operational log (001 §2 Logs, issue 21 item 3): OCPP traffic of the tenant's
-- stations, commands sent, smart-charging decisions and sign-ins, one row per line, written in
-- batches by the node that saw the event (modules/logs/tenant-log-service.ts).

-- How many local days of lines a tenant keeps (today included); older days are deleted by the
-- cluster job 'logs.retention'.
alter table tenants add column log_retention_days integer not null default 30
  check (log_retention_days between 1 and 3650);

create table tenant_log_lines (
  line_pk bigserial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  -- When the server saw it (UTC); the day shown is the tenant's local day of this instant.
  at timestamptz not null,
  level text not null check (level in ('INFO', 'WARN', 'ERROR')),
  category text not null check (category in ('ocpp', 'command', 'smart-charging', 'sign-in')),
  -- The station's charge box id when the line is about one (kept as text: a deleted station's
  -- lines stay readable).
  charge_box_id text check (length(charge_box_id) <= 255),
  text text not null check (length(text) <= 2000)
);
-- A tenant's day in time order (the screen and the download), and the retention's range delete.
create index tenant_log_lines_tenant_at_idx on tenant_log_lines (tenant_pk, at, line_pk);
