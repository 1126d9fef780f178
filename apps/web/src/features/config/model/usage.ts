/** A use against its plan limit as a share (0.5 = half), capped at 1; null for an unlimited plan. A limit of 0 is full. */
export function usageShare(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 1;
  return Math.min(1, Math.max(0, used / limit));
}
