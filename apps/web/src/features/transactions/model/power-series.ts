import type { MeterPoint } from '@recarga/contracts/transactions';

/** The detail's Power.Active.Import samples as [time ms, kW with 2 decimals], in time order. */
export function powerSeriesKw(points: readonly MeterPoint[] | undefined, unit = 'W'): [number, number][] {
  const factor = unit.toLowerCase() === 'kw' ? 1 : 1 / 1000;
  return (points ?? [])
    .map((p) => [Date.parse(p.timestamp), Math.round(p.value * factor * 100) / 100] as [number, number])
    .filter(([time, value]) => Number.isFinite(time) && Number.isFinite(value))
    .sort((a, b) => a[0] - b[0]);
}

export const POWER_MEASURAND = 'Power.Active.Import';
