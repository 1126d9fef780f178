import { defaultTimeZone } from '@recarga/contracts/dynamic-pricing';

/** A tenant's wall-clock zone (IANA name): its own, else its country's, else UTC. */
export function timeZoneOfTenant(t: { time_zone: string | null; country: string }): string {
  return t.time_zone ?? defaultTimeZone[t.country.trim()] ?? 'UTC';
}
