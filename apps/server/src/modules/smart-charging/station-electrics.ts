import type { PhaseIndex, Phases } from './planner';

/** A connector whose power is not set is counted at 32 A per phase (the common Type 2 rating). */
export const DEFAULT_RATING_A = 32;

type System = 'SINGLE_PHASE' | 'TWO_PHASE' | 'THREE_PHASE' | null;

/**
 * A connector's rating per phase in A, from its power (W) and the station's system and voltage
 * (the station form's technical settings): single and two phase draw P ÷ V on each line they use
 * (V between the lines); three phase P ÷ (√3 × V), V line to line. Floored to 0.1 A.
 */
export function ratingA(powerW: number | null, system: System, voltage: number | null): number {
  if (!powerW || powerW <= 0 || !voltage || voltage <= 0) return DEFAULT_RATING_A;
  const a = system === 'THREE_PHASE' || system === null ? powerW / (Math.sqrt(3) * voltage) : powerW / voltage;
  return Math.floor(a * 10 + 1e-6) / 10;
}

const letter: Record<string, PhaseIndex> = { A: 0, B: 1, C: 2 };

/**
 * The building phases a station's L1, L2, L3 are wired to, from its phase setting ('B' for a
 * single-phase station on B, 'BCA' for a rotated three-phase one). Without a setting, a single
 * phase station is taken to be on A and anything else on all three in order.
 */
export function wiring(system: System, phase: string | null): PhaseIndex[] {
  const fromSetting = (phase ?? '')
    .toUpperCase()
    .split('')
    .filter((c) => c in letter)
    .map((c) => letter[c]!);
  const count = system === 'SINGLE_PHASE' ? 1 : system === 'TWO_PHASE' ? 2 : 3;
  if (fromSetting.length === count && new Set(fromSetting).size === count) return fromSetting;
  return ([0, 1, 2] as PhaseIndex[]).slice(0, count);
}

/**
 * A session's measured Current.Import by building phase: samples per station line (L1, L2, L3;
 * 'L1-N' and the like count for their line) go to the phase that line is wired to; a sample
 * without a phase is the current on every line the station uses. Null when nothing was measured.
 */
export function measuredByPhase(samples: { phase: string | null; value: number }[], lines: PhaseIndex[]): Phases | null {
  if (samples.length === 0) return null;
  const out: Phases = [0, 0, 0];
  const perLine = samples.filter((s) => s.phase && /^L[123]/.test(s.phase));
  if (perLine.length > 0) {
    for (const s of perLine) {
      const line = Number(s.phase!.charAt(1)) - 1;
      const phase = lines[line];
      if (phase !== undefined) out[phase] = Math.max(out[phase], s.value);
    }
    return out;
  }
  const whole = Math.max(...samples.map((s) => s.value));
  for (const p of lines) out[p] = whole;
  return out;
}
