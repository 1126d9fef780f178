/**
 * A time window's edges: the tenant's wall-clock, 'HH:mm' in the form and 'HH:mm:ss' on the wire.
 * Midnight as an end is the end of the day: the pickers show 00:00, the server keeps 24:00
 * (docs/decisions.md, dynamic pricing windows).
 */

/** 'HH:mm[:ss]' → minutes of the day ('24:00' = 1440). */
export function minuteOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** The end as the server reads it: 00:00 after another start is midnight at the end of the day ('24:00'). */
export function resolvedEnd(start: string | null, end: string | null): string | null {
  if (end === '00:00' && start && start !== '00:00') return '24:00';
  return end;
}

/** A saved edge as the picker shows it: '18:00:00' → '18:00'; the end of the day ('24:00:00') → '00:00'. */
export function pickerTimeOf(saved: string | null | undefined): string | null {
  if (!saved) return null;
  const time = saved.slice(0, 5);
  return time === '24:00' ? '00:00' : time;
}

/** A window's edges as the detail sends them (local wall-clock, the end of the day as '24:00:00'). */
export function sentTimes(start: string | null, end: string | null): { startTime: string | null; endTime: string | null } {
  const last = resolvedEnd(start, end);
  return { startTime: start ? `${start}:00` : null, endTime: last ? `${last}:00` : null };
}

/** A saved window as people read it: '18:00–21:00', '22:00–24:00'. */
export function windowText(start: string | null, end: string | null): string {
  return `${start?.slice(0, 5) ?? '--:--'}–${end?.slice(0, 5) ?? '--:--'}`;
}
