/** 'YYYY-MM-DD' as people read it: '25/12/2026'. */
export function dateText(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** An exception's days: '25/12/2026', or '14/02/2026 – 17/02/2026' for a period. */
export function exceptionDatesText(start: string | null, end: string | null): string {
  if (!end || end === start) return dateText(start);
  return `${dateText(start)} – ${dateText(end)}`;
}
