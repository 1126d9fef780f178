-- Alerts an operator can triage (issue 40 items 15 and 16; docs/decisions.d/alerts.md).
--
-- received_at: when the central system stored the event. A station's own clock may run ahead (an
-- event stamped 13/12/2026 on 29/11/2026): lists keep the station's time but order by this one.
-- Events stored before this migration get the station's time, or now when that is in the future.
alter table notifications add column received_at timestamptz;
update notifications set received_at = least(notification_timestamp, now());
alter table notifications alter column received_at set not null;
alter table notifications alter column received_at set default now();

-- The severity, derived in this one place from the event's type (a Failure is recorded for a
-- Faulted status or any error code other than NoError): the filters and the bell read it.
alter table notifications add column severity text generated always as (
  case type
    when 'Failure' then 'fault'
    when 'Disconnected' then 'offline'
    when 'Warning' then 'shortRecharge'
    else 'info'
  end
) stored;

-- Acknowledged for the whole tenant: by whom and when (first acknowledgement wins).
alter table notifications add column acknowledged_at timestamptz;
alter table notifications add column acknowledged_by integer references users (user_pk) on delete set null;

-- The alerts list pages newest-received first within a tenant, optionally of one severity.
drop index if exists notifications_tenant_idx;
create index notifications_tenant_received_idx on notifications (tenant_pk, received_at desc, notification_pk desc);
create index notifications_tenant_severity_idx on notifications (tenant_pk, severity, received_at desc, notification_pk desc);
create index notifications_station_received_idx on notifications (charge_box_pk, received_at desc, notification_pk desc);

-- Each user's bell: everything up to read_up_to (a notification key) is read, plus the events
-- read one by one after it; and which event types pop up as toasts.
create table notification_user_settings (
  user_pk integer primary key references users (user_pk) on delete cascade,
  read_up_to bigint not null default 0,
  toast_types text[] not null default array['Failure', 'Disconnected'],
  updated_at timestamptz not null default now()
);

create table notification_reads (
  user_pk integer not null references users (user_pk) on delete cascade,
  notification_pk bigint not null references notifications (notification_pk) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_pk, notification_pk)
);
create index notification_reads_notification_idx on notification_reads (notification_pk);
