-- User form (modules/users, 001 §2 User form, §3 User form): user groups, the user's (hidden)
-- address, and the group and address links on users. sex, birth_date (dateBirthDay) and
-- notification_offline_cp already exist on users (0001_core.sql).

-- User groups belong to one tenant; a user may be in one group of its own tenant.
create table user_groups (
  user_group_pk serial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  name text not null check (name <> '' and length(name) <= 60),
  created_at timestamptz not null default now()
);
create unique index user_groups_name_uq on user_groups (tenant_pk, lower(name));

-- The address kept with the user form (addressPk, street, houseNumber, zipCode, city, state, country).
create table user_addresses (
  address_pk serial primary key,
  street text check (length(street) <= 30),
  house_number text check (length(house_number) <= 5),
  zip_code text check (length(zip_code) <= 10),
  city text check (length(city) <= 25),
  state text check (length(state) <= 25),
  country text not null default 'BR',
  updated_at timestamptz not null default now()
);

alter table users
  add column user_group_pk integer references user_groups (user_group_pk) on delete set null,
  add column address_pk integer unique references user_addresses (address_pk) on delete set null,
  add constraint users_sex_chk check (sex is null or sex in ('MALE', 'FEMALE', 'OTHER'));
create index users_user_group_idx on users (user_group_pk);
