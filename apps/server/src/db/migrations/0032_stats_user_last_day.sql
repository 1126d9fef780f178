-- The distinct drivers of a long period (stats/sums and stats/info) read every stats_user_days row
-- of the scope whose days overlap the period: at a million drivers, 900,000 rows for a year, about
-- half a second. Each row's last day, kept by the row itself and indexed, answers the same count
-- from the index: the users whose last day is on or after the period's first day, less those of
-- them whose days after that first day all come after the period (only drivers who charged after
-- the period: for a period ending today, today's).
alter table stats_user_days add column last_day integer generated always as (upper(days) - 1) stored;
create index stats_user_days_last_day on stats_user_days (scope_pk, last_day);
