import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text';

describe('durationText', () => {
  it('3600, 5400, 604800, 45 and 0 seconds: 1 h, 1 h 30 min, 168 h, 45 s, 0 s', () => {
    expect([3600, 5400, 604_800, 45, 0].map(durationText)).toEqual(['1 h', '1 h 30 min', '168 h', '45 s', '0 s']);
  });
});
