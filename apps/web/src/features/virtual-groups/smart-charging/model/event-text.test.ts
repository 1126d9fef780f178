import { describe, expect, it } from 'vitest';
import { eventText, phasesOf } from './event-text';

const amps = (a: number) => a.toFixed(1);
const when = (iso: string) => `at ${iso}`;

describe('eventText', () => {
  it('words a plan change as who got how many amperes and why, with the current left per phase', () => {
    const text = eventText(
      'PLAN_CHANGED',
      {
        mode: 'DYNAMIC',
        available_a: [40, 41.5, 39],
        sessions: [
          { charge_box_code: 'CB-1', connector_id: 1, transaction_id: 9, limit_a: 20, reason: 'FAIR_SHARE' },
          { charge_box_code: 'CB-2', connector_id: 2, transaction_id: 10, limit_a: 0, reason: 'PAUSED' },
        ],
      },
      amps,
      when,
    );
    expect(text.key).toBe('planDynamic');
    expect(text.values).toEqual({ a: '40.0', b: '41.5', c: '39.0' });
    expect(text.lines).toEqual([
      { key: 'planSession', values: { code: 'CB-1', connector: 1, limit: '20.0', reason: 'FAIR_SHARE' } },
      { key: 'planSession', values: { code: 'CB-2', connector: 2, limit: '0.0', reason: 'PAUSED' } },
    ]);
  });

  it('words the breaker breached by its highest phase', () => {
    expect(eventText('BREAKER_MARGIN_BREACHED', { total_a: [90, 97.2, 88], breaker_a: 100, margin_a: 5 }, amps, when)).toEqual({
      key: 'breached',
      values: { total: '97.2', breaker: '100.0', margin: '5.0' },
    });
  });

  it('tells a meter that never sent a reading from one that stopped', () => {
    expect(eventText('METER_OFFLINE', { measured_at: null }, amps, when).key).toBe('meterOfflineNever');
    expect(eventText('METER_OFFLINE', { measured_at: '2026-11-25T10:00:00Z' }, amps, when)).toEqual({
      key: 'meterOffline',
      values: { when: 'at 2026-11-25T10:00:00Z' },
    });
  });

  it('words the failsafe with its static limit per charger, and a missing detail without failing', () => {
    expect(eventText('FAILSAFE', { reason: 'METER_OFFLINE', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when)).toEqual({
      key: 'failsafeMeterOffline',
      values: { chargers: 4, limit: '25.0', breaker: '100.0' },
    });
    expect(eventText('PROFILE_REJECTED', null, amps, when).key).toBe('profileRejected');
  });

  it('words a failsafe for late readings of a meter that is online as late, not as offline (its badge says online)', () => {
    expect(eventText('FAILSAFE', { reason: 'METER_STALE', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when)).toEqual({
      key: 'failsafeMeterStale',
      values: { chargers: 4, limit: '25.0', breaker: '100.0' },
    });
    expect(eventText('FAILSAFE', { reason: 'NO_METER', breaker_a: 100, chargers: 4, static_limit_a: 25 }, amps, when).key).toBe(
      'failsafeNoMeter',
    );
  });
});

describe('phasesOf', () => {
  it('reads phases as a list or by their keys 01, 02, 03', () => {
    expect(phasesOf([1, 2, 3])).toEqual([1, 2, 3]);
    expect(phasesOf({ '01': 1, '02': 2, '03': 3 })).toEqual([1, 2, 3]);
    expect(phasesOf(null)).toBeNull();
  });
});
