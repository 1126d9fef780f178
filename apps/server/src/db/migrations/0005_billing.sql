-- Billing: pricing of recharges, the one ledger of financial movements, refunds, wallets,
-- invoices (NF). Money in minor units (bigint) of the tenant's currency; fractions as numeric.
-- See docs/decisions-billing.md.

-- Idle price of a station until dynamic pricing (002) brings pricing rules: minor units per idle
-- minute after a grace period. No row = no idle price (idle amount 0).
create table idle_pricing (
  charge_box_pk integer primary key references charge_boxes (charge_box_pk) on delete cascade,
  money_per_minute bigint not null check (money_per_minute >= 0),
  grace_minutes integer not null default 0 check (grace_minutes >= 0),
  updated_at timestamptz not null default now()
);

-- Payment types a tenant offers (GET payment/types). No row for a tenant = the defaults of
-- modules/payments (WALLET, MANUAL_DASHBOARD, VOUCHER and the configured providers).
create table tenant_payment_types (
  tenant_pk integer not null references tenants (tenant_pk) on delete cascade,
  payment_type text not null,
  primary key (tenant_pk, payment_type)
);

-- Stopped transactions waiting to be priced. Filled by a trigger in the same database
-- transaction as the stop, so a crash between the stop and the pricing never loses a bill; the
-- billing service empties it (right after the stop's commit, and a periodic job for the rest).
create table billing_queue (
  transaction_pk integer primary key references transactions (transaction_pk) on delete cascade,
  enqueued_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text
);
create index billing_queue_due_idx on billing_queue (next_attempt_at);

create function billing_enqueue_stopped() returns trigger language plpgsql as $$
begin
  if new.stop_timestamp is not null and (
       tg_op = 'INSERT'
       or old.stop_timestamp is distinct from new.stop_timestamp
       or old.energy_wh is distinct from new.energy_wh) then
    insert into billing_queue (transaction_pk) values (new.transaction_pk)
    on conflict (transaction_pk) do update set next_attempt_at = now(), attempts = 0, last_error = null;
  end if;
  return new;
end
$$;
create trigger transactions_billing_enqueue
  after insert or update of stop_timestamp, energy_wh on transactions
  for each row execute function billing_enqueue_stopped();

-- The ledger: every movement of money of the product. Recharges (target TRANSACTION, idle
-- payments flagged) and wallet deposits (target USER).
create table financial_movements (
  movement_pk bigserial primary key,
  -- Whose revenue: the station's tenant for recharges, the user's tenant for deposits.
  tenant_pk integer not null references tenants (tenant_pk),
  target_type text not null check (target_type in ('TRANSACTION', 'USER')),
  transaction_pk integer references transactions (transaction_pk),
  user_pk integer references users (user_pk) on delete set null,
  is_idle_payment boolean not null default false,
  payment_type text not null check (payment_type in (
    'MERCADO_PAGO_PRO', 'MERCADO_PAGO_CARD', 'MERCADO_PAGO_PIX', 'PAGBANK_CARD', 'PAGOS_TERPEL',
    'WALLET', 'MANUAL_DASHBOARD', 'VOUCHER', 'TICKET_LOG', 'SANDBOX_CARD')),
  payment_status text not null check (payment_status in (
    'approved', 'cancelled', 'charged_back', 'in_process', 'pending', 'refunded', 'rejected')),
  payment_status_detail text,
  amount bigint not null check (amount >= 0),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  currency char(3) not null,
  -- Who moved the money: wallet, manual (recorded by an operator), sandbox, or a provider adapter.
  provider text not null default 'none',
  -- The provider's reference, or the payment_external_id given on a manual approval.
  external_id text,
  voucher_unit_pk integer,
  -- The operator who recorded a manual approval.
  actor_user_pk integer references users (user_pk) on delete set null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  updated_at timestamptz not null default now(),
  -- Canonical invoice state (packages/contracts/src/payments.ts), kept with the invoice row.
  invoice_state text not null default 'NONE' check (invoice_state in (
    'NONE', 'NOT_CONFIGURED', 'PROCESSING', 'AUTHORIZED', 'AUTHORIZATION_ERROR', 'REJECTED',
    'PERMISSION_DENIED', 'CS_ERROR', 'CANCEL_ERROR')),
  check ((target_type = 'TRANSACTION') = (transaction_pk is not null)),
  check (target_type = 'TRANSACTION' or not is_idle_payment)
);
create index financial_movements_tenant_created_idx on financial_movements (tenant_pk, created_at desc);
create index financial_movements_tenant_paid_idx on financial_movements (tenant_pk, paid_at desc) where paid_at is not null;
create index financial_movements_user_idx on financial_movements (user_pk, created_at desc) where user_pk is not null;
create index financial_movements_transaction_idx on financial_movements (transaction_pk, is_idle_payment) where transaction_pk is not null;
create index financial_movements_in_process_idx on financial_movements (updated_at) where payment_status = 'in_process';
-- One live bill per recharge (and one per idle payment): attempts that were rejected or
-- cancelled stay as history rows.
create unique index financial_movements_live_bill_uq on financial_movements (transaction_pk, is_idle_payment)
  where transaction_pk is not null and payment_status not in ('rejected', 'cancelled');

-- Refunds, total or partial, as rows (the movement's refunded_amount is their sum).
create table payment_refunds (
  refund_pk bigserial primary key,
  movement_pk bigint not null references financial_movements (movement_pk),
  amount bigint not null check (amount > 0),
  actor_user_pk integer references users (user_pk) on delete set null,
  provider_reference text,
  reason text,
  created_at timestamptz not null default now()
);
create index payment_refunds_movement_idx on payment_refunds (movement_pk);

-- The price of a recharge: one row per priced transaction (composition, tariff snapshot, idle).
create table transaction_billing (
  transaction_pk integer primary key references transactions (transaction_pk) on delete cascade,
  -- Copied from the transaction (never change after the start) for the revenue-status index.
  tenant_pk integer not null references tenants (tenant_pk),
  charge_box_pk integer not null references charge_boxes (charge_box_pk),
  start_timestamp timestamptz not null,
  currency char(3) not null,
  has_payment boolean not null,
  priceless boolean not null,
  energy_wh bigint not null,
  duration_seconds integer not null,
  start_fee bigint not null,
  energy_amount bigint not null,
  operational_fee bigint not null,
  voucher_discount bigint not null,
  tax bigint not null,
  total bigint not null,
  cost bigint not null,
  tariff jsonb not null,
  -- Idle: connector still occupied after charging ended; final once the connector was released.
  idle_started_at timestamptz,
  idle_ended_at timestamptz,
  idle_seconds integer not null default 0,
  idle_amount bigint not null default 0,
  idle_final boolean not null default false,
  idle_canceled_at timestamptz,
  idle_canceled_by integer references users (user_pk) on delete set null,
  -- The recharge's current bill and idle bill in the ledger, and the revenue status of 001 §4
  -- (PRICELESS / PAID / UNPAID) kept by the ledger with the bill (Ledger.syncRecharge), so the list
  -- filters on one primary-key join.
  revenue_status text not null default 'PRICELESS' check (revenue_status in ('PRICELESS', 'PAID', 'UNPAID')),
  movement_pk bigint references financial_movements (movement_pk),
  idle_movement_pk bigint references financial_movements (movement_pk),
  priced_at timestamptz not null default now()
);
create index transaction_billing_idle_pending_idx on transaction_billing (priced_at) where not idle_final;
-- Transactions list filtered by PAID / UNPAID: read from here in list order, no look-up per row.
create index transaction_billing_revenue_idx on transaction_billing (tenant_pk, revenue_status, start_timestamp desc);

-- Idle time: the next recharge on a connector ends the previous one's idle time.
create index transactions_connector_start_idx on transactions (connector_pk, start_timestamp);

-- Wallet balance per user, changed only under a row lock together with a wallet entry.
create table wallets (
  user_pk integer primary key references users (user_pk) on delete cascade,
  currency char(3) not null,
  balance bigint not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now()
);
create table wallet_entries (
  wallet_entry_pk bigserial primary key,
  user_pk integer not null references users (user_pk) on delete cascade,
  movement_pk bigint references financial_movements (movement_pk),
  refund_pk bigint references payment_refunds (refund_pk),
  kind text not null check (kind in ('DEPOSIT', 'DEBIT', 'REFUND_CREDIT', 'DEPOSIT_REFUND')),
  amount bigint not null check (amount <> 0),
  balance_after bigint not null check (balance_after >= 0),
  created_at timestamptz not null default now()
);
create index wallet_entries_user_idx on wallet_entries (user_pk, created_at desc);

-- Invoices (NF) of paid recharges: the issuer's state machine, the RPS number and access key.
create table invoices (
  invoice_pk bigserial primary key,
  movement_pk bigint not null unique references financial_movements (movement_pk),
  transaction_pk integer references transactions (transaction_pk),
  tenant_pk integer not null references tenants (tenant_pk),
  issuer text not null,
  state text not null check (state in (
    'NOT_CONFIGURED', 'PROCESSING', 'AUTHORIZED', 'AUTHORIZATION_ERROR', 'REJECTED',
    'PERMISSION_DENIED', 'CS_ERROR', 'CANCEL_ERROR')),
  issuer_ref text,
  number bigint,
  series text,
  access_key text,
  message text,
  attempts integer not null default 1,
  requested_at timestamptz not null default now(),
  next_step_at timestamptz,
  authorized_at timestamptz,
  pdf_file text,
  updated_at timestamptz not null default now()
);
create index invoices_due_idx on invoices (next_step_at) where state = 'PROCESSING';
create index invoices_transaction_idx on invoices (transaction_pk);

-- RPS numbering per tenant (taken under the row lock of the counter).
create table invoice_counters (
  tenant_pk integer primary key references tenants (tenant_pk) on delete cascade,
  last_number bigint not null default 0
);

-- Transactions list: the report kinds of the monthly report limit accept the transactions export
-- (and any other XLSX_/ASSESSMENT_ kind other areas add, so migrations do not fight over the list).
alter table report_downloads drop constraint if exists report_downloads_kind_check;
alter table report_downloads add constraint report_downloads_kind_check check (kind ~ '^(XLSX|ASSESSMENT|PDF|ZIP)_[A-Z_]+$');
