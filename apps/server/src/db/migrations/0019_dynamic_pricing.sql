-- Dynamic pricing and virtual groups (002 §2–§7, issue 17).

-- A tenant's time zone (IANA): dynamic pricing windows are its wall-clock times. Null = the
-- country's zone (contracts/pricing defaultTimeZone: BR São Paulo, CO Bogotá, EC Guayaquil, UY
-- Montevideo).
alter table tenants add column time_zone text;

-- Pricing profiles: named sets of rules a virtual group applies to its connectors.
create table pricing_profiles (
  pricing_profile_pk serial primary key,
  uuid uuid not null unique,
  tenant_pk integer not null references tenants (tenant_pk),
  name text not null check (length(name) between 1 and 50),
  -- The latest version of its rules (pricing_profile_versions); 0 before the first save of details.
  version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index pricing_profiles_name_uq on pricing_profiles (tenant_pk, lower(name));

-- The profile's rules as edited: per weekday one general row (the day's switch and its prices
-- outside windows) and its time windows; exceptions for a day or a period. Times are the tenant's
-- wall-clock (end 24:00 = midnight). Money in minor units; fee and taxes as fractions.
create table pricing_details (
  pricing_detail_pk serial primary key,
  uuid uuid not null unique,
  pricing_profile_pk integer not null references pricing_profiles (pricing_profile_pk) on delete cascade,
  day_of_week text check (day_of_week in ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY')),
  general boolean not null default false,
  exception boolean not null default false,
  active boolean not null default true,
  start_date date,
  end_date date,
  start_time time,
  end_time time,
  service_price bigint not null default 0 check (service_price >= 0),
  kwh_price bigint check (kwh_price >= 0),
  duration_price bigint check (duration_price >= 0),
  idle_time_price bigint check (idle_time_price >= 0),
  reserve_price bigint check (reserve_price >= 0),
  operation_fee numeric(7, 6) not null default 0 check (operation_fee >= 0 and operation_fee <= 1),
  taxes numeric(7, 6) not null default 0 check (taxes >= 0 and taxes <= 1),
  check (exception or day_of_week is not null),
  check (not exception or (start_date is not null and end_date is not null and start_date <= end_date)),
  check (general or exception or (start_time is not null and end_time is not null and start_time < end_time)),
  check (kwh_price is null or duration_price is null)
);
create index pricing_details_profile_idx on pricing_details (pricing_profile_pk);

-- Every save of a profile's details is a version: the rules as the pricing engine reads them
-- (modules/dynamic-pricing/time-of-use.ts ProfileRules). A recharge is priced with the version in
-- force when it started, and its breakdown names it.
create table pricing_profile_versions (
  pricing_profile_pk integer not null references pricing_profiles (pricing_profile_pk) on delete cascade,
  version integer not null,
  rules jsonb not null,
  created_at timestamptz not null default now(),
  created_by integer references users (user_pk) on delete set null,
  primary key (pricing_profile_pk, version)
);

-- Virtual groups ("advanced settings"): chargers of a tenant with a shared pricing setting (and,
-- with issue 18, smart charging). A charger belongs to at most one group.
create table virtual_groups (
  virtual_group_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk),
  name text not null check (length(name) between 1 and 30),
  description text not null check (length(description) between 1 and 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index virtual_groups_tenant_idx on virtual_groups (tenant_pk, virtual_group_pk desc);

create table virtual_group_charge_boxes (
  virtual_group_charge_box_pk serial primary key,
  virtual_group_pk integer not null references virtual_groups (virtual_group_pk) on delete cascade,
  charge_box_pk integer not null unique references charge_boxes (charge_box_pk) on delete cascade,
  created_at timestamptz not null default now()
);
create index virtual_group_charge_boxes_group_idx on virtual_group_charge_boxes (virtual_group_pk, virtual_group_charge_box_pk);

-- The group's pricing: on or off, one profile per connector 1–3 (per station = the same three).
create table virtual_group_pricing (
  virtual_group_pk integer primary key references virtual_groups (virtual_group_pk) on delete cascade,
  enabled boolean not null default false,
  connector1_profile_pk integer references pricing_profiles (pricing_profile_pk),
  connector2_profile_pk integer references pricing_profiles (pricing_profile_pk),
  connector3_profile_pk integer references pricing_profiles (pricing_profile_pk),
  updated_at timestamptz not null default now()
);

-- What priced a recharge under dynamic pricing: the profile, its version, and the breakdown by
-- segment (start fee, energy per window, duration, idle, fee, taxes).
alter table transaction_billing add column pricing_profile_pk integer references pricing_profiles (pricing_profile_pk) on delete set null;
alter table transaction_billing add column pricing_version integer;
alter table transaction_billing add column breakdown jsonb;
