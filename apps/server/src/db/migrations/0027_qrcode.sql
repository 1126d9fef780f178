-- The public QR start/stop page (001 §2 'Public QR page'; issue 21 items 1–2).
-- Per network (tenant): the QR token its connector QR codes carry, and the guest tag a QR start
-- uses. The guest tag is an ordinary row of ocpp_tags with no owner and is_free_recharge: a
-- recharge it starts bills no wallet and is recorded for the operator as PRICELESS. Both are
-- created the first time they are needed (modules/qrcode/service.ts).
create table qrcode_settings (
  tenant_pk integer primary key references tenants (tenant_pk) on delete cascade,
  token text not null unique check (length(token) between 16 and 200),
  -- null once an operator deleted the tag; the next QR start creates a new one.
  guest_ocpp_tag_pk integer references ocpp_tags (ocpp_tag_pk) on delete set null,
  created_at timestamptz not null default now()
);

-- Throttling of the public calls: one counter per (bucket, fixed window). A bucket is a client
-- address ('ip:<address>') or a station ('cb:<charge box id, lower case>'). Incremented with one
-- upsert (atomic on both databases and across nodes); windows older than an hour are swept by
-- the qrcode.throttle-sweep job.
create table qrcode_throttle (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
create index qrcode_throttle_window_idx on qrcode_throttle (window_start);
