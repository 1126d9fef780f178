-- Issue 41: a load manager that settles.
-- The group's tuning (docs/decisions.md "A load manager that settles"): dead band, dwell, profiles
-- per station per minute, how long cars take to follow a limit, and what the failsafe assumes.
alter table smart_charging
  add column dead_band_a numeric(4, 1) not null default 1 check (dead_band_a between 1 and 10),
  add column dwell_s integer not null default 60 check (dwell_s between 15 and 900),
  add column max_profiles_per_min integer not null default 4 check (max_profiles_per_min between 1 and 30),
  add column follow_s integer not null default 30 check (follow_s between 1 and 300),
  add column building_worst_a numeric(6, 2) check (building_worst_a between 0 and 999.99),
  add column min_per_charger_a numeric(4, 1) not null default 6 check (min_per_charger_a between 6 and 80);

-- When the session's limit last changed (the loop's clock; updated_at also moves on a resend), and
-- how long its car took to follow past limits (learned; null: the group's follow_s).
alter table smart_charging_sessions
  add column limit_changed_at timestamptz,
  add column follow_ms integer;

-- The estimator's memory per group: the building figure and its reading, the hourly peaks of the
-- last 24 h, the profiles sent per station in the last minute, when the failsafe began.
alter table smart_charging_state
  add column estimator jsonb;

alter table smart_charging_events drop constraint if exists smart_charging_events_kind_check;
alter table smart_charging_events
  add constraint smart_charging_events_kind_check
  check (kind in ('METER_ONLINE', 'METER_OFFLINE', 'PLAN_CHANGED', 'PROFILE_REJECTED', 'BREAKER_MARGIN_BREACHED', 'FAILSAFE', 'FAILSAFE_ENDED'));

-- The TxDefaultProfile the load manager keeps on each station of a managed group (connector 0, the
-- group's guaranteed minimum per charger): a car plugged in draws no more than that until the load
-- manager gives it its limit. Cleared when the station leaves the group or the group's load manager
-- is off.
create table smart_charging_station_defaults (
  charge_box_pk integer primary key references charge_boxes (charge_box_pk) on delete cascade,
  virtual_group_pk integer references virtual_groups (virtual_group_pk) on delete set null,
  limit_a numeric(6, 1) not null check (limit_a >= 0),
  -- RELEASING: a clear the station did not answer, tried again at retry_at.
  status text not null check (status in ('ACCEPTED', 'REJECTED', 'FAILED', 'RELEASING')),
  failures integer not null default 0,
  retry_at timestamptz,
  updated_at timestamptz not null default now()
);
create index smart_charging_station_defaults_group_idx on smart_charging_station_defaults (virtual_group_pk);
