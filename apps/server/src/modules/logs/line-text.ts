/** Longest text of one log line (the column allows 2000; the rest is cut with an ellipsis). */
export const MAX_LINE_TEXT = 1000;
/** Longest value of one field a station or a user sent (an id tag, a vendor name, an e-mail). */
export const MAX_FIELD = 80;

/** Control characters (NUL, line breaks, escape sequences) and the line separators of Unicode. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** The brackets of a phrase token: never taken from a station or a user (see `phrase`). */
const TOKEN_BRACKETS = /[\u27e6\u27e7]/g;

/** Cut at `max` with an ellipsis. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A value a station or a user sent, as part of one log line: control characters become spaces, so
 * a station cannot forge a second line or break PostgreSQL's text; a phrase token's brackets become
 * plain ones, so it cannot forge a phrase either; cut at `max`.
 */
export function oneLine(value: unknown, max = MAX_FIELD): string {
  return cut(
    String(value ?? '')
      .replace(CONTROL, ' ')
      .replace(TOKEN_BRACKETS, (b) => (b === '\u27e6' ? '[' : ']')),
    max,
  );
}

/** A whole line as the log writes it: one line, cut at `max`; its phrase tokens kept. */
export function lineText(text: string, max = MAX_LINE_TEXT): string {
  return cut(text.replace(CONTROL, ' '), max);
}

/**
 * A fixed word of a log line, stored as a token (`⟦key⟧`) and worded in the tenant's language when
 * the line is read (`log.<key>` in the server's locales), so a line written once reads in
 * Portuguese for a Brazilian network and in Spanish for a Colombian one.
 */
export function phrase(key: string): string {
  return `\u27e6${key}\u27e7`;
}

/** `key=value` pairs of the fields present (undefined and null left out), keys as phrases, values made safe. */
export function fields(pairs: Record<string, unknown>): string {
  return Object.entries(pairs)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${phrase(`field.${k}`)}=${oneLine(v)}`)
    .join(' ');
}

/** Every phrase token in a stored line: `⟦key⟧`. */
export const PHRASE_TOKEN = /\u27e6([A-Za-z0-9_.]+)\u27e7/g;
