/**
 * A "Short Recharge" (notification type Warning): a transaction that ended less than
 * SHORT_RECHARGE_MAX_MINUTES after it started, or that delivered less than SHORT_RECHARGE_MAX_WH.
 * Either usually means something went wrong (cable not locked, vehicle refused the charge,
 * tag accepted at the wrong station). See docs/decisions-ocpp.md.
 */
const SHORT_RECHARGE_MAX_MINUTES = 5;
const SHORT_RECHARGE_MAX_WH = 100;

export function isShortRecharge(durationMs: number, energyWh: number): boolean {
  return durationMs < SHORT_RECHARGE_MAX_MINUTES * 60_000 || energyWh < SHORT_RECHARGE_MAX_WH;
}
