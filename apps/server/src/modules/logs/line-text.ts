/** Longest text of one log line (the column allows 2000; the rest is cut with an ellipsis). */
export const MAX_LINE_TEXT = 1000;
/** Longest value of one field a station or a user sent (an id tag, a vendor name, an e-mail). */
export const MAX_FIELD = 80;

/**
 * Text as one log line: control characters (NUL, line breaks, escape sequences) become spaces, so
 * a station cannot forge a second line or break PostgreSQL's text; cut at `max`.
 */
export function oneLine(value: unknown, max = MAX_FIELD): string {
  // eslint-disable-next-line no-control-regex
  const text = String(value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `key=value` pairs of the fields present (undefined and null left out), values made safe. */
export function fields(pairs: Record<string, unknown>): string {
  return Object.entries(pairs)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${oneLine(v)}`)
    .join(' ');
}
