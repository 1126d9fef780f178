import { describe, expect, it } from 'vitest';
import { contrastRatio, isLowContrastWithWhite, normaliseHex } from './colour';

describe('normaliseHex', () => {
  it('reads a colour typed with or without #, in any case, and the three-digit form', () => {
    expect(normaliseHex('0A8F6A')).toBe('#0a8f6a');
    expect(normaliseHex(' #D6001C ')).toBe('#d6001c');
    expect(normaliseHex('#0af')).toBe('#00aaff');
  });

  it('answers null for what is not a colour', () => {
    expect(normaliseHex('')).toBeNull();
    expect(normaliseHex('#12345')).toBeNull();
    expect(normaliseHex('red')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#d6001c', '#d6001c')).toBe(1);
  });

  it('matches the WCAG figure for a mid grey on white', () => {
    // #777777: channel 119/255 = 0.4667 → ((0.4667+0.055)/1.055)^2.4 = 0.1845; (1.05)/(0.2345) = 4.48.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('isLowContrastWithWhite', () => {
  it('warns for a light yellow and not for the product brand colours', () => {
    expect(isLowContrastWithWhite('#ffcc00')).toBe(true);
    expect(isLowContrastWithWhite('#0a8f6a')).toBe(false);
    expect(isLowContrastWithWhite('#d6001c')).toBe(false);
    expect(isLowContrastWithWhite('#33030a')).toBe(false);
  });
});
