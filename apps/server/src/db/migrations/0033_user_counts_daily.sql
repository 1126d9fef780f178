-- The home dashboard's registered users (stats/info, the live figures) were one count over every
-- user of the scope created before the period's end: at a million users about 170 ms, every call.
-- user_counts_daily keeps, per tenant and UTC day of creation, how many users and drivers were
-- created that day (less those deleted or moved since). The users created before an instant are
-- then the sum of the days before its UTC day (a few thousand rows at most) plus the users of its
-- own day created before it (an index range on users (tenant_pk, created_at)).
--
-- Statement triggers with transition tables keep it: a statement that adds, changes or removes many
-- users writes one row per (tenant, day) it touches, not one per user.
create table user_counts_daily (
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  day date not null,
  users integer not null default 0,
  drivers integer not null default 0,
  primary key (tenant_pk, day)
);

create index users_tenant_created_idx on users (tenant_pk, created_at);

create function user_counts_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into user_counts_daily as d (tenant_pk, day, users, drivers)
    select n.tenant_pk, (n.created_at at time zone 'UTC')::date, count(*), count(*) filter (where n.role_label = 'driver')
      from new_rows n group by 1, 2
    on conflict (tenant_pk, day) do update set users = d.users + excluded.users, drivers = d.drivers + excluded.drivers;
  elsif tg_op = 'DELETE' then
    insert into user_counts_daily as d (tenant_pk, day, users, drivers)
    select o.tenant_pk, (o.created_at at time zone 'UTC')::date, -count(*), -count(*) filter (where o.role_label = 'driver')
      from old_rows o group by 1, 2
    on conflict (tenant_pk, day) do update set users = d.users + excluded.users, drivers = d.drivers + excluded.drivers;
  else
    -- Most updates change none of the three columns: their deltas cancel out and nothing is written.
    insert into user_counts_daily as d (tenant_pk, day, users, drivers)
    select x.tenant_pk, x.day, sum(x.users), sum(x.drivers)
      from (select o.tenant_pk, (o.created_at at time zone 'UTC')::date as day, -1 as users,
                   case when o.role_label = 'driver' then -1 else 0 end as drivers
              from old_rows o
            union all
            select n.tenant_pk, (n.created_at at time zone 'UTC')::date, 1, case when n.role_label = 'driver' then 1 else 0 end
              from new_rows n) x
     group by 1, 2
    having sum(x.users) <> 0 or sum(x.drivers) <> 0
    on conflict (tenant_pk, day) do update set users = d.users + excluded.users, drivers = d.drivers + excluded.drivers;
  end if;
  return null;
end
$$;

create trigger users_counts_insert after insert on users
  referencing new table as new_rows for each statement execute function user_counts_daily_apply();
create trigger users_counts_update after update on users
  referencing old table as old_rows new table as new_rows for each statement execute function user_counts_daily_apply();
create trigger users_counts_delete after delete on users
  referencing old table as old_rows for each statement execute function user_counts_daily_apply();

-- From the rows: after a bulk load that bypassed the triggers (bench seeds), and here for the users already there.
create function user_counts_daily_rebuild() returns void language plpgsql as $$
begin
  lock table users in share mode;
  delete from user_counts_daily;
  insert into user_counts_daily (tenant_pk, day, users, drivers)
  select u.tenant_pk, (u.created_at at time zone 'UTC')::date, count(*), count(*) filter (where u.role_label = 'driver')
    from users u group by 1, 2;
end
$$;

select user_counts_daily_rebuild();

-- The dashboard roll-ups' rebuild covers the users' counts too.
create or replace function stats_rollups_rebuild() returns void language plpgsql as $$
begin
  lock table tenants, transactions, meter_values, transaction_billing in share mode;
  delete from stats_hourly_delta;
  perform stats_rollups_rebuild_from_rows();
  perform user_counts_daily_rebuild();
end
$$;
