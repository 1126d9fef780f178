import { useEffect, useRef, useState } from 'react';

/** Duration of the indicators' count-up (000 §9). */
export const COUNT_UP_MS = 3000;

/** Ease-out cubic: fast start, gentle landing on the value. */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs >= durationMs) return to;
  const p = Math.max(0, elapsedMs) / durationMs;
  return from + (to - from) * (1 - (1 - p) ** 3);
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
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
