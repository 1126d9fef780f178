-- Core: settings, tenants and their host names, access profiles, users, sessions, sign-in.

create table settings (
  key text primary key,
  value text not null
);

create table tenants (
  tenant_pk serial primary key,
  parent_tenant_pk integer references tenants (tenant_pk),
  -- Materialised hierarchy: '/1/', '/1/4/'. A scope covers every tenant whose path starts with its own.
  path text not null default '',
  name text not null,
  alias text not null,
  theme text not null default 'move',
  country char(2) not null default 'BR',
  currency char(3) not null default 'BRL',
  language text not null default 'br',
  api_key text not null unique,
  sms_enabled boolean not null default false,
  tenant_device_reader boolean not null default false,
  invoicing_enabled boolean not null default false,
  station_limit integer,
  user_limit integer,
  monthly_report_limit integer,
  logo_url text,
  created_at timestamptz not null default now()
);
create index tenants_path_idx on tenants (path text_pattern_ops);

create table tenant_hosts (
  host text primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  terms_of_use_url text,
  deep_link_host text
);

create table access_profiles (
  profile_pk serial primary key,
  tenant_pk integer references tenants (tenant_pk),
  name text not null,
  description text
);

create table access_profile_entries (
  entry_pk serial primary key,
  profile_pk integer not null references access_profiles (profile_pk) on delete cascade,
  route text,
  role_id text,
  status boolean not null default true,
  check (route is not null or role_id is not null)
);
create unique index access_profile_entries_uq on access_profile_entries (profile_pk, coalesce(route, ''), coalesce(role_id, ''));

create table users (
  user_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  email text not null,
  password_hash text,
  first_name text not null,
  last_name text not null default '',
  phone text,
  doc_type text,
  doc_number text,
  external_id text,
  active boolean not null default true,
  profile_pk integer references access_profiles (profile_pk),
  role_label text not null default 'driver',
  notification_offline_cp boolean not null default false,
  sex text,
  birth_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_uq on users (lower(email));
create index users_tenant_idx on users (tenant_pk);

create table sessions (
  session_id uuid primary key default gen_random_uuid(),
  user_pk integer not null references users (user_pk) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_pk);

create table login_attempts (
  attempt_pk bigserial primary key,
  email_lc text not null,
  ip text not null,
  success boolean not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_email_idx on login_attempts (email_lc, attempted_at);
create index login_attempts_ip_idx on login_attempts (ip, attempted_at);

create table password_reset_codes (
  reset_pk serial primary key,
  user_pk integer not null references users (user_pk) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz
);
create index password_reset_codes_user_idx on password_reset_codes (user_pk, created_at desc);

-- Solved captcha challenges, kept until they expire so a solution cannot be replayed.
create table captcha_solutions (
  signature text primary key,
  expires_at timestamptz not null
);
