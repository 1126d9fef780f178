import { describe, expect, it } from 'vitest';
import { pickerTimeOf, resolvedEnd, sentTimes, windowText } from './window-times';

describe('window times', () => {
  it('an end at 00:00 after a start: is midnight at the end of the day', () => {
    expect(resolvedEnd('22:00', '00:00')).toBe('24:00');
    expect(resolvedEnd('00:00', '00:00')).toBe('00:00');
    expect(resolvedEnd(null, '00:00')).toBe('00:00');
    expect(resolvedEnd('08:00', '10:00')).toBe('10:00');
  });

  it('saved edges, when shown in the pickers: without seconds, the end of the day as 00:00', () => {
    expect(pickerTimeOf('18:00:00')).toBe('18:00');
    expect(pickerTimeOf('24:00:00')).toBe('00:00');
    expect(pickerTimeOf(null)).toBeNull();
  });

  it('picked edges, when sent: with seconds, midnight as the end of the day', () => {
    expect(sentTimes('18:00', '21:00')).toEqual({ startTime: '18:00:00', endTime: '21:00:00' });
    expect(sentTimes('22:00', '00:00')).toEqual({ startTime: '22:00:00', endTime: '24:00:00' });
    expect(sentTimes(null, null)).toEqual({ startTime: null, endTime: null });
  });

  it('a saved window, when read: start–end', () => {
    expect(windowText('18:00:00', '21:00:00')).toBe('18:00–21:00');
    expect(windowText('22:00:00', '24:00:00')).toBe('22:00–24:00');
  });
});
