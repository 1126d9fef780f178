-- A network's own settings (/config) and the administrators' tenant screen (/admin), issue 21
-- item 8 (contracts/tenant-settings.ts). support_email, log_retention_days, grid_co2_kg_per_kwh,
-- time_zone, the plan limits and logo_url exist already.

-- The brand over the theme's (null: the theme's). logo_url becomes /api/tenant-logos/{pk}/{version}
-- once a logo is uploaded (tenant_logos).
alter table tenants add column brand_name text check (brand_name is null or char_length(brand_name) between 1 and 40);
alter table tenants add column primary_color text check (primary_color is null or primary_color ~ '^#[0-9a-f]{6}$');
alter table tenants add column dark_color text check (dark_color is null or dark_color ~ '^#[0-9a-f]{6}$');
-- The network's terms of use; a host's own terms_of_use_url (tenant_hosts) goes first.
alter table tenants add column terms_of_use_url text check (terms_of_use_url is null or char_length(terms_of_use_url) <= 500);

-- Modules an administrator may switch off: their routes and roles then grant nothing
-- (contracts/permissions applyTenantModules, applied where a session's permissions are loaded).
alter table tenants add column module_monetization boolean not null default true;
alter table tenants add column module_vouchers boolean not null default true;
alter table tenants add column module_smart_charging boolean not null default true;

-- An alias names one network (the /admin form's "alias taken" is this index, so two creations at
-- once cannot both take it).
create unique index tenants_alias_key on tenants (alias);

-- The uploaded logo (PNG, JPEG or WebP, checked by its bytes), served publicly by
-- GET /api/tenant-logos/{tenant_pk}/{version}; a new upload is a new version (a new address, so the
-- old one may be cached for ever).
create table tenant_logos (
  tenant_pk integer primary key references tenants (tenant_pk) on delete cascade,
  media_type text not null check (media_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  updated_at timestamptz not null default now()
);

-- The network's own Firebase service account (its pushes go through FCM with it). The private key
-- never leaves the server: no API answers service_account; project_id and client_email identify it.
create table tenant_push_credentials (
  tenant_pk integer primary key references tenants (tenant_pk) on delete cascade,
  service_account text not null,
  project_id text not null,
  client_email text not null,
  updated_at timestamptz not null default now()
);

-- Every change of /config and /admin: who, when, what, and only the fields that changed before and
-- after (secrets as '•••'). Written in the same transaction as the change.
create table tenant_audit (
  audit_pk bigserial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  user_pk integer references users (user_pk) on delete set null,
  area text not null check (area in ('config', 'admin')),
  action text not null check (char_length(action) between 1 and 40),
  before jsonb,
  after jsonb,
  -- The moment the row is written (after the tenant row's lock), not the transaction's start: two
  -- saves at once are listed in the order they were applied.
  at timestamptz not null default clock_timestamp()
);
create index tenant_audit_tenant_at_idx on tenant_audit (tenant_pk, at desc, audit_pk desc);
