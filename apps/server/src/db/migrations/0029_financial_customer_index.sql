-- A customer's movements (the financial screen's e-mail search, the wallet statement) read from
-- one index range in order, with the columns the counts and sums need: a fleet account with a
-- hundred thousand movements is counted and summed by an index-only scan, and its first page is
-- the index's first rows (issue 19's bench: 102,000 movements of one customer).
drop index financial_movements_user_idx;
create index financial_movements_user_idx on financial_movements (user_pk, created_at desc, movement_pk desc)
  include (tenant_pk, moved_at, target_type, currency, amount, refunded_amount, payment_status)
  where user_pk is not null;
