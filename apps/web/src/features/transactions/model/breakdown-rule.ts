/**
 * The rule that priced a segment of a recharge under dynamic pricing, as the server labels it
 * (modules/dynamic-pricing/time-of-use.ts): a weekday ('MONDAY'), a window ('MONDAY 18:00-21:00'),
 * an exception's day or period ('2026-12-25', '2026-12-24/2026-12-26'), or — kind 'off' — the
 * station's own tariff. Read into parts the screen words in the user's language.
 */
export type SegmentRule =
  | { kind: 'day'; weekday: string }
  | { kind: 'window'; weekday: string; from: string; to: string }
  | { kind: 'exception'; start: string; end: string }
  | { kind: 'off' };

export function segmentRuleOf(segment: { kind: 'window' | 'day' | 'exception' | 'off'; rule: string }): SegmentRule {
  const label = segment.rule.trim();
  if (segment.kind === 'off') return { kind: 'off' };
  if (segment.kind === 'exception') {
    const [start = label, end = start] = label.split('/');
    return { kind: 'exception', start, end };
  }
  const window = /^([A-Z]+) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(label);
  if (segment.kind === 'window' && window) return { kind: 'window', weekday: window[1]!, from: window[2]!, to: window[3]! };
  return { kind: 'day', weekday: label.split(' ')[0]! };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall-clock time in a zone, 'HH:mm' (the tenant's zone, where the rules are read). */
export function timeInZone(iso: string, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formats.set(zone, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '--:--' : format.format(date);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function dayText(date: string): string {
  const [y, m, d] = date.split('-');
  return d && m && y ? `${d}/${m}/${y}` : date;
}
