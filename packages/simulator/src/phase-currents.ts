/** Currents on supply lines L1, L2 and L3, in amperes. */
export type PhaseCurrents = readonly [number, number, number];

export const NO_CURRENT: PhaseCurrents = [0, 0, 0];

/** Line-by-line sum. */
export function addPhaseCurrents(...all: PhaseCurrents[]): PhaseCurrents {
  return all.reduce<PhaseCurrents>((sum, x) => [sum[0] + x[0], sum[1] + x[1], sum[2] + x[2]], NO_CURRENT);
}
