/**
 * A request's time zone: an IANA name, or the browser's offset (minutes, Date.getTimezoneOffset()
 * sign: 180 = UTC−3).
 */
export type Zone = { kind: 'iana'; name: string } | { kind: 'offset'; minutes: number };

/** Formatters by zone name (building an Intl formatter is expensive). */
const partFormats = new Map<string, Intl.DateTimeFormat>();

/** Local time minus UTC, in ms, at an instant. */
export function offsetMs(zone: Zone, at: number): number {
  if (zone.kind === 'offset') return -zone.minutes * 60_000;
  let format = partFormats.get(zone.name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.name,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (partFormats.size < 500) partFormats.set(zone.name, format);
  }
  const parts = format.formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}
