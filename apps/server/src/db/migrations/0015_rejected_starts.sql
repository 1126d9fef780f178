-- A StartTransaction the central system did not accept (the tag was Invalid, Blocked, Expired or
-- already in as many transactions as it allows). OCPP still needs a transactionId for it, drawn
-- from the transactions' own sequence so a later StopTransaction names it unambiguously, but it is
-- not a recharge: it lives here, never in transactions, so no list, count, statistic, bill or
-- "open transaction of the tag" can take it for one. Many stations drop such a start without a
-- StopTransaction: it is closed by the stop when one comes, by the connector reporting Available
-- or Preparing, by the station rebooting, or after a quiet period (docs/decisions.md).
create table rejected_starts (
  transaction_pk integer primary key,
  charge_box_pk integer not null references charge_boxes (charge_box_pk) on delete cascade,
  connector_pk integer not null references connectors (connector_pk) on delete cascade,
  connector_id integer not null,
  tenant_pk integer not null references tenants (tenant_pk),
  id_tag text not null,
  id_tag_status text not null,
  start_timestamp timestamptz not null,
  start_value_wh bigint not null,
  start_key text not null,
  received_at timestamptz not null default now(),
  closed_at timestamptz,
  close_reason text check (close_reason in ('stop', 'status', 'boot', 'timeout')),
  unique (charge_box_pk, start_key)
);
create index rejected_starts_open_idx on rejected_starts (charge_box_pk, connector_id) where closed_at is null;
create index rejected_starts_open_age_idx on rejected_starts (received_at) where closed_at is null;
