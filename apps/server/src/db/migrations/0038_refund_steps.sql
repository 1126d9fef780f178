-- Refunds through a payment provider in three steps, each its own short database transaction:
-- reserve (every check that can refuse, the amount held on the movement and, for a deposit, taken
-- out of the wallet), call the provider outside any transaction, settle (the movement, the
-- invoice, the voucher). A crash or an unanswered call between the steps leaves the refund
-- 'reserved' or 'sent', and the next try sends it again under the same provider idempotency key
-- (recarga-refund-<refund_pk>): the provider refunds it once.
--   reserved  checked and held; the provider's answer is not known yet
--   sent      the provider said it refunded (provider_reference); the movement is not settled yet
--   settled   done (every refund before this migration)
--   failed    the provider refused; the hold was given back and the row stays as history
alter table payment_refunds
  add column state text not null default 'settled' check (state in ('reserved', 'sent', 'settled', 'failed')),
  add column failure text,
  add column attempts integer not null default 0,
  add column updated_at timestamptz not null default now();
create index payment_refunds_open_idx on payment_refunds (updated_at) where state in ('reserved', 'sent');

-- A deposit refund the provider refused gives the held money back to the wallet.
alter table wallet_entries drop constraint wallet_entries_kind_check;
alter table wallet_entries
  add constraint wallet_entries_kind_check check (kind in ('DEPOSIT', 'DEBIT', 'REFUND_CREDIT', 'DEPOSIT_REFUND', 'DEPOSIT_REFUND_RETURNED'));
