import { describe, expect, it } from 'vitest';
import { formatOffset } from './schedule-offset';

describe('formatOffset', () => {
  it('0, 90 s, 1 h 30 min and 26 h: 00:00:00, 00:01:30, 01:30:00, 26:00:00', () => {
    expect([0, 90, 5400, 93_600].map(formatOffset)).toEqual(['00:00:00', '00:01:30', '01:30:00', '26:00:00']);
  });
});
