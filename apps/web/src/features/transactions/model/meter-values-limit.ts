/** Meter values of recharges longer than this are not downloaded (001 §7, §9). */
const METER_VALUES_MAX_MS = 5 * 60 * 60 * 1000;

/**
 * True when the meter-values file of this recharge is refused client-side: it lasted more than 5
 * hours (a running recharge counts up to `now`). Unreadable timestamps are not refused here.
 */
export function exceedsMeterValuesLimit(
  startTimestamp: string | null | undefined,
  stopTimestamp: string | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!startTimestamp) return false;
  const start = Date.parse(startTimestamp);
  const stop = stopTimestamp ? Date.parse(stopTimestamp) : now.getTime();
  if (Number.isNaN(start) || Number.isNaN(stop)) return false;
  return stop - start > METER_VALUES_MAX_MS;
}
