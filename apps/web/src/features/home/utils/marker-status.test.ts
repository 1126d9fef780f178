import { describe, expect, it } from 'vitest';
import { hasCoordinates, stationMarkerGroup, statusMarkerGroup } from './marker-status';

const station = (statuses: (string | null)[], extra: { online?: boolean; origin?: 'MOVE' | 'PLUG_SHARE' } = {}) => ({
  online: extra.online ?? true,
  origin: extra.origin ?? ('MOVE' as const),
  connectors: statuses.map((status, i) => ({ connectorId: i + 1, connectorType: 'Type 2', lastStatus: { status, usage: 0 } })),
});

describe('map marker colours (000 §4)', () => {
  it('statuses: charging, finishing, suspended, reserved, preparing are orange; faulted, unavailable gray; available green; maintenance dark blue; others green', () => {
    for (const s of ['Charging', 'Finishing', 'SuspendedEV', 'SuspendedEVSE', 'Reserved', 'Preparing'])
      expect(statusMarkerGroup(s)).toBe('busy');
    for (const s of ['Faulted', 'Unavailable', 'UNAVAILABLE']) expect(statusMarkerGroup(s)).toBe('unavailable');
    expect(statusMarkerGroup('Available')).toBe('available');
    expect(statusMarkerGroup('MAINTENANCE')).toBe('maintenance');
    expect(statusMarkerGroup('SomethingNew')).toBe('available');
    expect(statusMarkerGroup(null)).toBe('available');
  });

  it('a station: busy wins over available, available over maintenance, maintenance over unavailable', () => {
    expect(stationMarkerGroup(station(['Available', 'Charging']))).toBe('busy');
    expect(stationMarkerGroup(station(['Faulted', 'Available']))).toBe('available');
    expect(stationMarkerGroup(station(['MAINTENANCE', 'Faulted']))).toBe('maintenance');
    expect(stationMarkerGroup(station(['Faulted', 'UNAVAILABLE']))).toBe('unavailable');
  });

  it('an offline network station is gray unless under maintenance; a third-party point follows its statuses', () => {
    expect(stationMarkerGroup(station(['Available'], { online: false }))).toBe('unavailable');
    expect(stationMarkerGroup(station(['MAINTENANCE'], { online: false }))).toBe('maintenance');
    expect(stationMarkerGroup(station([null], { online: false, origin: 'PLUG_SHARE' }))).toBe('available');
    expect(stationMarkerGroup(station([], { online: false, origin: 'PLUG_SHARE' }))).toBe('available');
  });

  it('coordinates: both numbers within range', () => {
    expect(hasCoordinates({ locationLatitude: -23.5, locationLongitude: -46.6 })).toBe(true);
    expect(hasCoordinates({ locationLatitude: null, locationLongitude: -46.6 })).toBe(false);
    expect(hasCoordinates({ locationLatitude: 91, locationLongitude: 0 })).toBe(false);
  });
});
