-- The limit a session had before its latest one: a car needs a few seconds to climb to a higher
-- limit, and a sample taken before a change describes the limit before it. The load manager reads
-- what a car draws under its limit only from samples taken once it has settled there, and caps a
-- sample older than the latest change by the lower of the two limits (planner.ts).
alter table smart_charging_sessions add column previous_limit_a numeric(6, 1) check (previous_limit_a >= 0);
