-- Readings a station sends for a transaction after its stop (it kept metering one the server
-- closed as superseded, or it sent a late sample stamped after the stop) are kept apart: they stay
-- on the connector with no transaction, and this column names the transaction they claimed, so
-- they are flagged and never added to its energy. Readings stamped up to the stop still count
-- (a station that was offline sends them late).
alter table meter_values
  add column after_stop_transaction_pk integer references transactions (transaction_pk) on delete cascade;
create index meter_values_after_stop_idx on meter_values (after_stop_transaction_pk) where after_stop_transaction_pk is not null;
