import { describe, expect, it } from 'vitest';
import { timezoneOffsetHours, timezoneOffsetMinutes } from './timezone-offset';

const at = (minutes: number) => ({ getTimezoneOffset: () => minutes }) as Date;

describe('timezoneOffsetHours', () => {
  it('gives -3, when the browser is in Brasília time (UTC-3)', () => {
    expect(timezoneOffsetHours(at(180))).toBe(-3);
  });

  it('gives 0 and not -0, when the browser is on UTC', () => {
    expect(Object.is(timezoneOffsetHours(at(0)), 0)).toBe(true);
  });

  it('gives a fraction, when the zone has half hours', () => {
    expect(timezoneOffsetHours(at(-330))).toBe(5.5);
  });
});

describe('timezoneOffsetMinutes (the X-Timezone-Offset header)', () => {
  it('gives 180, when the browser is in Brasília time (UTC-3): the sign of getTimezoneOffset, as the server reads it', () => {
    expect(timezoneOffsetMinutes(at(180))).toBe(180);
  });

  it('gives -330 in India (UTC+5:30), and 0 (not -0) on UTC', () => {
    expect(timezoneOffsetMinutes(at(-330))).toBe(-330);
    expect(Object.is(timezoneOffsetMinutes(at(-0)), 0)).toBe(true);
  });
});
