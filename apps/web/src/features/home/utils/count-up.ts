import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../../lib/reduced-motion';

/** Duration of the indicators' count-up (000 §9). */
export const COUNT_UP_MS = 3000;

/** Ease-out cubic: fast start, gentle landing on the value. */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs >= durationMs) return to;
  const p = Math.max(0, elapsedMs) / durationMs;
  return from + (to - from) * (1 - (1 - p) ** 3);
}

/**
 * The number to show while counting up to `target` (from 0 the first time, from the value shown
 * when the target changes later, e.g. a live update). Lands exactly on the target.
 */
export function useCountUp(target: number | undefined, durationMs = COUNT_UP_MS): number {
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);
  useEffect(() => {
    if (target === undefined) return undefined;
    const from = shownRef.current;
    if (from === target) return undefined;
    if (prefersReducedMotion()) {
      shownRef.current = target;
      setShown(target);
      return undefined;
    }
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const value = countUpValue(from, target, now - started, durationMs);
      shownRef.current = value;
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);
  return shown;
}

/**
 * Whole numbers for parts shown while they count up together, summing to the rounded total (the
 * parts with the largest remainders take the units rounding left over): a legend never shows
 * parts that do not add up to the figure beside them.
 */
export function wholeParts(values: readonly number[]): number[] {
  const total = Math.round(values.reduce((sum, v) => sum + v, 0));
  const floors = values.map((v) => Math.floor(v));
  let left = total - floors.reduce((sum, v) => sum + v, 0);
  const byRemainder = values.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const out = [...floors];
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * Several figures of one snapshot counting up together: one clock for all (from the values shown
 * when the snapshot changes), so that figures that add up keep adding up on every frame. Respects
 * prefers-reduced-motion like `useCountUp`.
 */
export function useCountUpGroup(targets: readonly number[] | undefined, durationMs = COUNT_UP_MS): number[] {
  const key = targets?.join('|');
  const size = targets?.length ?? 0;
  const [shown, setShown] = useState<number[]>(() => Array(size).fill(0));
  const shownRef = useRef<number[]>(Array(size).fill(0));
  useEffect(() => {
    if (!targets) return undefined;
    const from = targets.map((_, i) => shownRef.current[i] ?? 0);
    if (from.every((v, i) => v === targets[i])) return undefined;
    if (prefersReducedMotion()) {
      shownRef.current = [...targets];
      setShown([...targets]);
      return undefined;
    }
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const values = targets.map((to, i) => countUpValue(from[i]!, to, now - started, durationMs));
      shownRef.current = values;
      setShown(values);
      if (values.some((v, i) => v !== targets[i])) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // `key` stands for the targets' values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, durationMs]);
  return shown;
}
