import { describe, expect, it } from 'vitest';
import { timeTicks } from './time-ticks';

/** Every tick the axis may draw: from the start, one step of at least `minInterval` apart. */
function labels(spanMs: number, stepMs: number) {
  const ticks = timeTicks(spanMs);
  const step = Math.max(stepMs, ticks.minInterval);
  const start = new Date(2026, 10, 29, 14, 5, 0).getTime();
  const out: string[] = [];
  for (let at = start; at <= start + spanMs; at += step) out.push(ticks.format(at));
  return out;
}

describe('timeTicks', () => {
  it('a 12-minute recharge with the 30-second ticks ECharts picks gets one label per minute, none repeated', () => {
    const shown = labels(12 * 60_000, 30_000);
    expect(shown.slice(0, 3)).toEqual(['14:05', '14:06', '14:07']);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('a 3-minute recharge is labelled in seconds, 15 s apart at least', () => {
    const shown = labels(3 * 60_000, 10_000);
    expect(shown.slice(0, 3)).toEqual(['14:05:00', '14:05:15', '14:05:30']);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('a two-day recharge names the day with the hour', () => {
    const shown = labels(48 * 3_600_000, 30 * 60_000);
    expect(shown[0]).toBe('29/11 14:05');
    expect(shown).toContain('30/11 14:05');
    expect(new Set(shown).size).toBe(shown.length);
  });
});
