-- An operator may close, as lost, an open recharge whose station went away without its
-- StopTransaction (stop_event_actor 'operator', stop_reason 'Lost'): the operator who closed it is
-- kept here, and received_stop_at is when. Billing prices it through the same queue as any stop.
alter table transactions add column closed_by_user_pk integer references users (user_pk) on delete set null;
