-- Stations administration: photos, private-station access, report downloads, list indexes.
-- See docs/decisions-stations.md.

-- Photos of a station (at most 3, enforced by the service). The file lives under
-- DATA_DIR/uploads/stations/<charge_box_pk>/<file_name>; the row is the index of what exists.
create table station_photos (
  photo_pk serial primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  uid uuid not null unique default gen_random_uuid(),
  -- The name the user gave the file (unique per station, case-insensitive).
  name text not null check (name <> '' and length(name) <= 255),
  mime_type text not null check (mime_type in ('image/jpeg', 'image/png')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes < 10485760),
  file_name text not null,
  created_at timestamptz not null default now()
);
create unique index station_photos_name_uq on station_photos (charge_box_pk, lower(name));

-- Who may use a private station: owners manage access, accepted users charge there.
create table station_user_bindings (
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  user_pk integer not null references users (user_pk) on delete cascade,
  owner boolean not null default false,
  bind_status text not null default 'NOT_REQUESTED' check (bind_status in ('ACCEPTED', 'NOT_REQUESTED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (charge_box_pk, user_pk)
);
create index station_user_bindings_user_idx on station_user_bindings (user_pk);

-- One row per report downloaded (Excel, unified PDF, individual zip): the monthly report limit
-- of a tenant (tenants.monthly_report_limit) counts these.
create table report_downloads (
  report_download_pk bigserial primary key,
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  user_pk integer references users (user_pk) on delete set null,
  kind text not null check (kind in ('XLSX_CHARGEPOINTS', 'ASSESSMENT_UNIFIED', 'ASSESSMENT_USERS')),
  downloaded_at timestamptz not null default now()
);
create index report_downloads_tenant_idx on report_downloads (tenant_pk, downloaded_at);

-- Station list: scope + order (charge_box_id), filters and case-insensitive search.
-- pg_trgm is not available on PGlite: prefix look-ups use text_pattern_ops on lower(); the
-- contains-search is bounded by the tenant index (docs/decisions-stations.md).
create index charge_boxes_tenant_id_idx on charge_boxes (tenant_pk, charge_box_id) where deleted_at is null;
create index charge_boxes_id_lower_idx on charge_boxes (lower(charge_box_id) text_pattern_ops) where deleted_at is null;
create index charge_boxes_description_lower_idx on charge_boxes (lower(description) text_pattern_ops) where deleted_at is null;
create index charge_boxes_group_active_idx on charge_boxes (charge_box_group_pk, active) where deleted_at is null;

-- Group list: scope + search by name + sort.
create index station_groups_tenant_name_idx on station_groups (tenant_pk, lower(name) text_pattern_ops);

-- Private-station CPF search.
create index users_doc_number_idx on users (doc_number) where doc_number is not null;
