import { describe, expect, it } from 'vitest';
import { defaultTimeZone } from '@recarga/contracts/dynamic-pricing';
import { timeZoneLabel } from './time-zone-label';
import { countryTimeZones, timeZoneNames } from './time-zones';

describe('time zones', () => {
  it('name the same country zones as the contract', () => {
    expect(countryTimeZones).toEqual(defaultTimeZone);
  });

  it('offer the product countries first, each zone once', () => {
    const names = timeZoneNames();

    expect(names.slice(0, 5)).toEqual(['America/Sao_Paulo', 'America/Manaus', 'America/Bogota', 'America/Guayaquil', 'America/Montevideo']);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Europe/Lisbon');
  });

  it('label a zone with spaces and its offset on that day', () => {
    expect(timeZoneLabel('America/Sao_Paulo', new Date('2026-06-01T12:00:00Z'))).toBe('America/Sao Paulo · GMT-3');
    expect(timeZoneLabel('America/Bogota', new Date('2026-06-01T12:00:00Z'))).toBe('America/Bogota · GMT-5');
  });
});
