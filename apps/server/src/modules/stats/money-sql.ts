import { sql, type RawBuilder } from 'kysely';

/**
 * Estimated cost and income of a finished recharge that the billing module has not priced yet, in
 * SQL, from the station's payment settings:
 * the rule of modules/billing/pricing.ts (`tariffFromStation` + `priceRecharge`) written for a
 * whole period at once. Aliases: `t` transactions, `cb` charge_boxes, `c` connectors.
 *
 * Same arithmetic as pricing.ts — integers in minor units, every line rounded half-up once
 * (`(2n + d) / (2d)` in bigint division), the total the sum of the rounded lines:
 *   cost   = rule(cost) + per-transaction cost (with or without payment);
 *   income = 0 without payment, else start fee + rule(income; per connector when charged by
 *            CONNECTOR) + tax on that subtotal (tax fraction taken to 6 decimals).
 * Vouchers, dynamic-pricing operational fees and idle time are not known here: the billing
 * module's priced composition (transaction_billing) is used as soon as it exists.
 */

const wh = sql`greatest(0, coalesce(t.energy_wh, t.stop_value_wh - t.start_value_wh, 0))::bigint`;
const sec = sql`greatest(0, floor(extract(epoch from (t.stop_timestamp - t.start_timestamp))))::bigint`;

/** Half-up n/d for non-negative bigints. */
const roundDiv = (n: RawBuilder<unknown>, d: number) => sql`((2 * (${n}) + ${sql.lit(d)}) / ${sql.lit(2 * d)})`;

const ruleAmount = (type: RawBuilder<unknown>, perKwh: RawBuilder<unknown>, perMinute: RawBuilder<unknown>) =>
  sql`(case when ${type} = 'KWH' then ${roundDiv(sql`${wh} * (${perKwh})::bigint`, 1000)} else ${roundDiv(sql`${sec} * (${perMinute})::bigint`, 60)} end)`;

export function recordedCostSql(): RawBuilder<number> {
  return sql<number>`(${ruleAmount(sql`cb.payment_charge_type_cost`, sql`cb.money_per_kilowatt_cost`, sql`cb.money_per_duration_cost`)} + cb.money_per_transaction_cost)`;
}

export function recordedIncomeSql(): RawBuilder<number> {
  const byConnector = sql`cb.payment_charge_by_income = 'CONNECTOR'`;
  const perKwh = sql`case when ${byConnector} then coalesce(c.money_per_kilowatt_income, 0) else cb.money_per_kilowatt_income end`;
  const perMinute = sql`case when ${byConnector} then coalesce(c.money_per_duration_income, 0) else cb.money_per_duration_income end`;
  const subtotal = sql`(cb.money_per_transaction_income + ${ruleAmount(sql`cb.payment_charge_type_income`, perKwh, perMinute)})`;
  const taxPpm = sql`round(cb.tax_income * 1000000)::bigint`;
  return sql<number>`(case when cb.has_payment then ${subtotal} + ${roundDiv(sql`${subtotal} * ${taxPpm}`, 1_000_000)} else 0 end)`;
}
