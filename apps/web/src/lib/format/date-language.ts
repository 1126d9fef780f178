/**
 * The interface language's BCP-47 tag for dates (month and weekday names, first day of the week),
 * set at start-up by lib/i18n.ts. It lives apart from date-time.ts so that the start-up does not
 * load dayjs: date-time.ts applies it to dayjs when a screen with dates loads, and follows any
 * later change.
 */
let current = 'pt-BR';
const listeners = new Set<(tag: string) => void>();

export function setDateLanguage(tag: string): void {
  current = tag;
  for (const apply of listeners) apply(tag);
}

/** Calls `apply` with the date language now and on every change. */
export function followDateLanguage(apply: (tag: string) => void): void {
  apply(current);
  listeners.add(apply);
}
