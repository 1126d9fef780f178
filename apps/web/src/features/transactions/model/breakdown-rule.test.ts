import { describe, expect, it } from 'vitest';
import { dayText, segmentRuleOf, timeInZone } from './breakdown-rule';

describe('a segment’s rule', () => {
  it('a weekday, a window, an exception day or period, the station’s tariff: read into parts', () => {
    expect(segmentRuleOf({ kind: 'day', rule: 'MONDAY' })).toEqual({ kind: 'day', weekday: 'MONDAY' });
    expect(segmentRuleOf({ kind: 'window', rule: 'MONDAY 18:00-21:00' })).toEqual({
      kind: 'window',
      weekday: 'MONDAY',
      from: '18:00',
      to: '21:00',
    });
    expect(segmentRuleOf({ kind: 'window', rule: 'FRIDAY 22:00-24:00' })).toEqual({
      kind: 'window',
      weekday: 'FRIDAY',
      from: '22:00',
      to: '24:00',
    });
    expect(segmentRuleOf({ kind: 'exception', rule: '2026-12-25' })).toEqual({ kind: 'exception', start: '2026-12-25', end: '2026-12-25' });
    expect(segmentRuleOf({ kind: 'exception', rule: '2026-12-24/2026-12-26' })).toEqual({
      kind: 'exception',
      start: '2026-12-24',
      end: '2026-12-26',
    });
    expect(segmentRuleOf({ kind: 'off', rule: 'SUNDAY' })).toEqual({ kind: 'off' });
  });

  it('an instant, in São Paulo (UTC−3): its local wall-clock', () => {
    expect(timeInZone('2026-11-23T21:00:00.000Z', 'America/Sao_Paulo')).toBe('18:00');
    expect(timeInZone('2026-11-24T03:00:00.000Z', 'America/Sao_Paulo')).toBe('00:00');
  });

  it('a date: DD/MM/YYYY', () => {
    expect(dayText('2026-12-25')).toBe('25/12/2026');
  });
});
