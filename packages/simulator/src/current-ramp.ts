/** The lowest current a car charges with (IEC 61851-1: the control pilot cannot offer less than 6 A). */
export const MIN_CHARGING_CURRENT_A = 6;

/** How fast a car's on-board charger follows the current the station offers, in A per second. */
export interface RampRates {
  /** Climb when the offer rises (cars ramp up gently). */
  riseAPerSec: number;
  /** Descent when the offer falls (cars obey reductions fast). */
  fallAPerSec: number;
}

/**
 * Default rates: a car climbs 4 A a second (6 A to 32 A in 6.5 s) and sheds 32 A a second, so any
 * reduction of a 32 A charger completes within one second.
 */
export const DEFAULT_RAMP_RATES: RampRates = { riseAPerSec: 4, fallAPerSec: 32 };

export interface RampStep {
  /** Current drawn at the end of the step, A. */
  currentA: number;
  /** Charge drawn during the step (the area under the current), A·s. */
  ampereSeconds: number;
}

/**
 * Where a drawing car starts its climb: a car that draws nothing and is offered current begins at
 * the 6 A minimum (or the offer itself when the car wants less), then ramps from there.
 */
function startingPoint(fromA: number, targetA: number): number {
  return fromA <= 0 && targetA > 0 ? Math.min(targetA, MIN_CHARGING_CURRENT_A) : fromA;
}

/** Seconds until a car drawing `fromA` reaches `targetA`. */
export function settleSeconds(fromA: number, targetA: number, rates: RampRates): number {
  const start = startingPoint(fromA, targetA);
  const delta = targetA - start;
  if (delta === 0) return 0;
  const rate = delta > 0 ? rates.riseAPerSec : rates.fallAPerSec;
  return Math.abs(delta) / rate;
}

/** Moves the drawn current from `fromA` towards `targetA` for `seconds`, linearly at the car's rates. */
export function rampStep(fromA: number, targetA: number, seconds: number, rates: RampRates): RampStep {
  if (seconds <= 0) return { currentA: fromA, ampereSeconds: 0 };
  const start = startingPoint(fromA, targetA);
  const reach = settleSeconds(start, targetA, rates);
  if (reach <= seconds) {
    return { currentA: targetA, ampereSeconds: ((start + targetA) / 2) * reach + targetA * (seconds - reach) };
  }
  const rate = targetA > start ? rates.riseAPerSec : -rates.fallAPerSec;
  const end = start + rate * seconds;
  return { currentA: end, ampereSeconds: ((start + end) / 2) * seconds };
}
