import { ratedPowersFor, type StationSystem } from '@recarga/contracts/stations';

/**
 * Rated power options (W) for the station's system and voltage (001 §9): single and two phase up
 * to 7400 W; three phase 11000 W or more, only 11000 W at 220 V; every rating without a system.
 */
export function powerOptionsFor(system: StationSystem | null | undefined, voltage: number | null | undefined): number[] {
  return ratedPowersFor(system ?? null, voltage ?? null);
}

/** kW typed in the custom Power Max field → W sent to the server. */
export function kwToW(kw: number): number {
  return Math.round(kw * 1000);
}

/** W from the server → kW shown in the custom Power Max field. */
export function wToKw(w: number): number {
  return Math.round(w) / 1000;
}

/** Power Max as shown: over 1000 W in kW (`22 kW`, `7,4 kW`), otherwise in W. */
export function formatPower(w: number | null | undefined, locale: string): string {
  if (w === null || w === undefined) return '';
  if (w > 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(wToKw(w))} kW`;
  return `${new Intl.NumberFormat(locale).format(w)} W`;
}
