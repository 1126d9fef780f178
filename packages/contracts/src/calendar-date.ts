import { z } from 'zod';

/** True for a real calendar day 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A calendar day 'YYYY-MM-DD', refused with `message` on its own field when it is not one. */
export const calendarDate = (message: string) => z.string().refine(isCalendarDate, message);
