/** A network country's time zone when the network names none (the contract's `defaultTimeZone`). */
export const countryTimeZones: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  CO: 'America/Bogota',
  EC: 'America/Guayaquil',
  UY: 'America/Montevideo',
};

/** Zones offered first: the product's countries. */
const regional = ['America/Sao_Paulo', 'America/Manaus', 'America/Bogota', 'America/Guayaquil', 'America/Montevideo'];

/**
 * IANA zones the browser knows (the server checks the same names), the product's countries first;
 * without `Intl.supportedValuesOf`, the regional ones and UTC.
 */
export function timeZoneNames(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...regional, 'UTC'];
  const known = new Set(all);
  const first = regional.filter((zone) => known.has(zone));
  return [...first, ...all.filter((zone) => !first.includes(zone))];
}
