import { describe, expect, it } from 'vitest';
import { shortText } from './short-text';

describe('shortText', () => {
  it('32 characters: kept; 40 characters: the first 32 and an ellipsis', () => {
    expect(shortText('a'.repeat(32))).toBe('a'.repeat(32));
    expect(shortText('b'.repeat(40))).toBe(`${'b'.repeat(32)}…`);
  });
});
