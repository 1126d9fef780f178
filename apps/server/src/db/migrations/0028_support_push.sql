-- Support mail, the public contact form and push notifications (001 §2 Support, Push notification, Contact page).

-- Where a tenant's support mail goes; unset: the nearest ancestor's, else SUPPORT_MAIL_TO.
alter table tenants add column if not exists support_email text;

-- Every support message and contact form, as sent (or not): who, to whom, and the outcome.
create table support_messages (
  support_message_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  -- The dashboard user who wrote it; null for the public contact form.
  user_pk integer references users (user_pk) on delete set null,
  origin text not null check (origin in ('dashboard', 'contact')),
  sender_name text not null,
  sender_email text not null,
  sender_phone text,
  subject text not null check (subject in ('general', 'complaint', 'suggestion')),
  message text not null check (char_length(message) between 1 and 255),
  -- The address mailed (null when none was configured).
  recipient text,
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed')),
  error text,
  -- The client address of a contact form (its throttle).
  client_address text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index support_messages_user_idx on support_messages (user_pk, created_at desc, support_message_pk desc) where user_pk is not null;
create index support_messages_client_idx on support_messages (client_address, created_at) where client_address is not null;
create index support_messages_tenant_idx on support_messages (tenant_pk, created_at desc);

-- Devices of app users registered for push (the app's registration call is not part of the dashboard).
create table push_devices (
  push_device_pk serial primary key,
  user_pk integer not null references users (user_pk) on delete cascade,
  token text not null unique,
  platform text not null check (platform in ('android', 'ios', 'web')),
  created_at timestamptz not null default now()
);
create index push_devices_user_idx on push_devices (user_pk);

-- The push outbox: one row per notification sent from the dashboard, with its outcome.
create table push_notifications (
  push_notification_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  sender_user_pk integer references users (user_pk) on delete set null,
  sender_name text not null,
  message text not null check (char_length(message) between 1 and 255),
  provider text not null,
  recipients integer not null default 0,
  devices integer not null default 0,
  delivered integer not null default 0,
  status text not null default 'sending' check (status in ('sending', 'sent', 'partial', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index push_notifications_tenant_idx on push_notifications (tenant_pk, created_at desc, push_notification_pk desc);
