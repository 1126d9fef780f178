-- Home dashboard (modules/stats): covering indexes so the period sums read indexes only.
-- See docs/decisions-dashboard.md.

-- stats/sums, stats/info and the charts scan the recharges of a scope started in a period; every
-- column they read is in the index (energy of finished recharges, meter start/stop and the key for
-- running ones), so the table's pages are not visited.
create index transactions_stats_idx on transactions (tenant_pk, start_timestamp)
  include (transaction_pk, user_pk, energy_wh, start_value_wh, stop_value_wh, stop_timestamp, charge_box_pk, connector_pk);

-- Cost and income of the priced recharges of a scope started in a period (tenant and start are
-- copies of the transaction's in transaction_billing), from the index alone.
create index transaction_billing_stats_idx on transaction_billing (tenant_pk, start_timestamp) include (currency, cost, total);
