-- When each key was last counted. A code check answers "expired" (410) when no code was asked for
-- that e-mail within a code's lifetime, and "not valid" (400) otherwise — for an e-mail with an
-- account or without one alike, so the answer tells nothing about who has an account.
alter table recovery_counters add column last_at timestamptz;
update recovery_counters set last_at = window_start;
