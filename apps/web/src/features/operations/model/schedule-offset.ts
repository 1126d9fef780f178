const two = (n: number) => String(n).padStart(2, '0');

/** Seconds after a schedule's start as hh:mm:ss ('01:30:00'); hours go past 24 for long schedules ('26:00:00'). */
export function formatOffset(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
