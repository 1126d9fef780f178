import { describe, expect, it } from 'vitest';
import { shortTag } from './tag-label';

describe('shortTag', () => {
  it('cuts a tag longer than 7 characters and keeps shorter ones', () => {
    expect(shortTag('04A1B2C3D4')).toBe('04A1B2C…');
    expect(shortTag('1A2B3C4')).toBe('1A2B3C4');
  });
});
