import type { PhaseCurrents } from './phase-currents';
import { Random } from './random';

export interface BaseLoadOptions {
  /** Per-phase current at the quietest hour (night), A. */
  minA: number;
  /** Per-phase current at the evening peak, A. */
  maxA: number;
  /** Uniform noise added to each reading, ± A (default 1.5). Readings stay within [minA, maxA]. */
  noiseA?: number;
  /** The building's offset from UTC, which places its day (default -180: Brasília time). */
  utcOffsetMinutes?: number;
  seed?: number;
}

/**
 * Share of the variable load each line carries: real buildings are never balanced, and a load
 * manager must plan per phase. Every weight is at most 1, so the curve alone never leaves the bounds.
 */
const LINE_WEIGHTS: PhaseCurrents = [1, 0.92, 0.97];

/** A bump of height `height` centred on `centre` (hours) with spread `width`, wrapping round midnight. */
function bump(hour: number, centre: number, width: number, height: number): number {
  const d = Math.min(Math.abs(hour - centre), 24 - Math.abs(hour - centre));
  return height * Math.exp(-(d * d) / (2 * width * width));
}

/**
 * The daily shape of a building's load, 0 (the night's floor) to 1 (the evening peak) at a local
 * hour in [0, 24): a morning shoulder around 08:00, a midday peak at 12:00 (0.85), an afternoon
 * plateau, and the highest peak at 19:00 when people come home.
 */
export function dailyLoadShape(hour: number): number {
  return Math.max(bump(hour, 8, 1.2, 0.35), bump(hour, 12, 1.8, 0.85), bump(hour, 15, 3, 0.5), bump(hour, 19, 1.6, 1));
}

/**
 * A building's base load per phase: minA + shape × (maxA − minA), weighted per line, plus noise,
 * clamped to [minA, maxA].
 */
export class BaseLoad {
  private readonly random: Random;

  constructor(private readonly options: BaseLoadOptions) {
    if (!(options.minA >= 0) || !(options.maxA >= options.minA)) throw new Error('base load needs 0 <= minA <= maxA');
    this.random = new Random(options.seed);
  }

  /** Local hour of day (fractional) at the building for an instant. */
  localHour(atMs: number): number {
    const offsetMs = (this.options.utcOffsetMinutes ?? -180) * 60_000;
    const dayMs = 86_400_000;
    return ((((atMs + offsetMs) % dayMs) + dayMs) % dayMs) / 3_600_000;
  }

  /** The per-phase base load at an instant of the building's clock. */
  at(atMs: number): PhaseCurrents {
    const { minA, maxA } = this.options;
    const noise = this.options.noiseA ?? 1.5;
    const shape = dailyLoadShape(this.localHour(atMs));
    const line = (weight: number) => {
      const value = minA + shape * weight * (maxA - minA) + (noise > 0 ? this.random.between(-noise, noise) : 0);
      return Math.min(maxA, Math.max(minA, value));
    };
    return [line(LINE_WEIGHTS[0]), line(LINE_WEIGHTS[1]), line(LINE_WEIGHTS[2])];
  }
}
