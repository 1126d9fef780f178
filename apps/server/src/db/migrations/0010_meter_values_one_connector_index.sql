-- Every sampled value is written through four indexes; meter_values_connector_idx repeats the
-- leading columns of meter_values_sample_uq (connector_pk, value_timestamp, ...), which serves
-- the same lookups (a connector's readings by time, either direction). One index fewer to keep
-- per row on the busiest insert of the charge-point path.
drop index if exists meter_values_connector_idx;
