-- Billing a stop asks whether a reservation preceded the recharge (reservations.transaction_pk):
-- without an index that question scans every reservation ever made, on every stop.
create index reservations_transaction_idx on reservations (transaction_pk) where transaction_pk is not null;
