import { describe, expect, it } from 'vitest';
import { fractionOfPercentText, maskPercent, percentTextOf } from './percent-mask';

describe('percent under the 99,9% mask', () => {
  it('a third digit typed without a comma: becomes the decimal', () => {
    expect(maskPercent('125', ',')).toBe('12,5');
    expect(maskPercent('1255', ',')).toBe('12,5');
  });

  it('a comma or a point: is the decimal mark, kept while the decimal is not typed yet', () => {
    expect(maskPercent('5,', ',')).toBe('5,');
    expect(maskPercent('5.5', ',')).toBe('5,5');
    expect(maskPercent('7,5', '.')).toBe('7.5');
    expect(maskPercent(',5', ',')).toBe('0,5');
  });

  it('letters, spaces and the percent sign: are dropped', () => {
    expect(maskPercent('1a5 %', ',')).toBe('15');
  });

  it('a text, when read as a fraction: the percent divided by 100; empty is none', () => {
    expect(fractionOfPercentText('12,5')).toBe(0.125);
    expect(fractionOfPercentText('5')).toBe(0.05);
    expect(fractionOfPercentText('0,1')).toBe(0.001);
    expect(fractionOfPercentText('')).toBeNull();
  });

  it('a fraction, when shown: the percent with one decimal at most, in the language’s mark', () => {
    expect(percentTextOf(0.125, ',')).toBe('12,5');
    expect(percentTextOf(0.05, ',')).toBe('5');
    expect(percentTextOf(0.07, '.')).toBe('7');
    expect(percentTextOf(null, ',')).toBe('');
  });
});
