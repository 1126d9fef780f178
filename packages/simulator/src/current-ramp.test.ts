import { describe, expect, it } from 'vitest';
import { DEFAULT_RAMP_RATES, rampStep, settleSeconds } from './current-ramp';

describe('rampStep with the default rates (climb 4 A/s, shed 32 A/s)', () => {
  it('limit 32 -> 16 A: halfway after 0.25 s (24 A, 7 A·s), settled at 16 A within 1 s (0.5 s, 12 A·s)', () => {
    expect(rampStep(32, 16, 0.25, DEFAULT_RAMP_RATES)).toEqual({ currentA: 24, ampereSeconds: 7 });
    expect(rampStep(32, 16, 0.5, DEFAULT_RAMP_RATES)).toEqual({ currentA: 16, ampereSeconds: 12 });
    // Then it holds: 12 A·s for the descent + 16 A × 0.5 s.
    expect(rampStep(32, 16, 1, DEFAULT_RAMP_RATES)).toEqual({ currentA: 16, ampereSeconds: 20 });
    expect(settleSeconds(32, 16, DEFAULT_RAMP_RATES)).toBe(0.5);
  });

  it('limit 6 -> 32 A: climbs 4 A a second (14 A after 2 s, 20 A·s) and settles after 6.5 s', () => {
    expect(rampStep(6, 32, 2, DEFAULT_RAMP_RATES)).toEqual({ currentA: 14, ampereSeconds: 20 });
    expect(settleSeconds(6, 32, DEFAULT_RAMP_RATES)).toBe(6.5);
    // 6.5 s climbing ((6 + 32) / 2 × 6.5 = 123.5 A·s), then 3.5 s at 32 A (112 A·s).
    expect(rampStep(6, 32, 10, DEFAULT_RAMP_RATES)).toEqual({ currentA: 32, ampereSeconds: 235.5 });
  });

  it('from a standstill: starts at the 6 A minimum (10 A after 1 s), or at the offer when it is lower', () => {
    expect(rampStep(0, 16, 1, DEFAULT_RAMP_RATES)).toEqual({ currentA: 10, ampereSeconds: 8 });
    expect(rampStep(0, 4, 1, DEFAULT_RAMP_RATES)).toEqual({ currentA: 4, ampereSeconds: 4 });
  });

  it('limit 16 -> 0 A (pause): reaches 0 A after 0.5 s and draws nothing after', () => {
    expect(rampStep(16, 0, 0.5, DEFAULT_RAMP_RATES)).toEqual({ currentA: 0, ampereSeconds: 4 });
    expect(rampStep(16, 0, 2, DEFAULT_RAMP_RATES)).toEqual({ currentA: 0, ampereSeconds: 4 });
    expect(rampStep(0, 0, 2, DEFAULT_RAMP_RATES)).toEqual({ currentA: 0, ampereSeconds: 0 });
  });

  it('with infinite rates: steps at once', () => {
    const instant = { riseAPerSec: Infinity, fallAPerSec: Infinity };
    expect(rampStep(6, 32, 1, instant)).toEqual({ currentA: 32, ampereSeconds: 32 });
    expect(rampStep(32, 10, 1, instant)).toEqual({ currentA: 10, ampereSeconds: 10 });
  });
});
