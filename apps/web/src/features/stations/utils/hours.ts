/**
 * Close time "end of day": the server stores 23:59:59; the form shows 00:00:00 and sends
 * 23:59:59 back (001 §4).
 */
const END_OF_DAY = '23:59:59';
const MIDNIGHT = '00:00:00';

/** Stored close time → form value. */
export function closeTimeToForm(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const t = stored.length === 5 ? `${stored}:00` : stored;
  return t === END_OF_DAY ? MIDNIGHT : t;
}

/** Form value → close time sent to the server. */
export function closeTimeToSave(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = value.length === 5 ? `${value}:00` : value;
  return t === MIDNIGHT ? END_OF_DAY : t;
}
