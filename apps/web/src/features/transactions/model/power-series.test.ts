import { describe, expect, it } from 'vitest';
import { powerSeriesKw } from './power-series';

describe('powerSeriesKw', () => {
  it('turns W samples into kW with 2 decimals, in time order', () => {
    expect(
      powerSeriesKw([
        { timestamp: '2026-03-15T10:01:00Z', value: 7356.4 },
        { timestamp: '2026-03-15T10:00:00Z', value: 22004 },
      ]),
    ).toEqual([
      [Date.parse('2026-03-15T10:00:00Z'), 22],
      [Date.parse('2026-03-15T10:01:00Z'), 7.36],
    ]);
  });

  it('keeps kW samples as they are, when the unit is kW', () => {
    expect(powerSeriesKw([{ timestamp: '2026-03-15T10:00:00Z', value: 7.456 }], 'kW')).toEqual([
      [Date.parse('2026-03-15T10:00:00Z'), 7.46],
    ]);
  });

  it('drops unreadable samples and answers nothing for no samples', () => {
    expect(powerSeriesKw([{ timestamp: 'later', value: 10 }])).toEqual([]);
    expect(powerSeriesKw(undefined)).toEqual([]);
  });
});
