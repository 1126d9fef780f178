import { sql, type RawBuilder } from 'kysely';

/**
 * Wh delivered by a transaction (alias `t`): the stored energy of a finished recharge, else
 * meter stop − meter start, else — for a recharge still running — the latest energy register
 * sample (Energy.Active.Import.Register, kWh samples converted to Wh) minus meter start.
 * COALESCE stops at the first non-null argument, so the meter-value sub-query only runs for
 * running recharges (index meter_values_tx_idx).
 */
export function transactionEnergyWh(alias = 't'): RawBuilder<number> {
  const ref = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<number>`greatest(0, coalesce(
    ${ref('energy_wh')},
    ${ref('stop_value_wh')} - ${ref('start_value_wh')},
    (select max(case when lower(mv.unit) = 'kwh' then mv.value * 1000 else mv.value end) - ${ref('start_value_wh')}
       from meter_values mv
      where mv.transaction_pk = ${ref('transaction_pk')}
        and mv.measurand = 'Energy.Active.Import.Register'
        and mv.phase is null
        and mv.value is not null),
    0))`;
}
