import { describe, expect, it } from 'vitest';
import { exportPercent, rowsReceived, totalRowsOf, XLSX_BASE_BYTES, XLSX_BYTES_PER_ROW } from './export-progress';

describe('Excel download progress', () => {
  it('totalRowsOf, when the header holds a whole number: that number; otherwise null', () => {
    expect(totalRowsOf('1234')).toBe(1234);
    expect(totalRowsOf(' 0 ')).toBe(0);
    expect(totalRowsOf(null)).toBeNull();
    expect(totalRowsOf('abc')).toBeNull();
    expect(totalRowsOf('-1')).toBeNull();
  });

  it('exportPercent, when half the expected bytes of 1,000 rows have arrived: about 50 %', () => {
    const expected = XLSX_BASE_BYTES + 1000 * XLSX_BYTES_PER_ROW;
    expect(exportPercent({ rows: 1000, loaded: expected / 2, done: false })).toBe(50);
  });

  it('exportPercent, when more bytes than expected arrive before the end: held at 99 % until done, then 100 %', () => {
    expect(exportPercent({ rows: 10, loaded: 10_000_000, done: false })).toBe(99);
    expect(exportPercent({ rows: 10, loaded: 10, done: true })).toBe(100);
  });

  it('exportPercent, when the number of rows is unknown: null (the bar shows activity, the text shows bytes)', () => {
    expect(exportPercent({ rows: null, loaded: 5000, done: false })).toBeNull();
  });

  it('rowsReceived, while streaming: estimated from the bytes past the workbook frame, never above the total', () => {
    expect(rowsReceived({ rows: 1000, loaded: XLSX_BASE_BYTES + 250 * XLSX_BYTES_PER_ROW, done: false })).toBe(250);
    expect(rowsReceived({ rows: 100, loaded: 50_000_000, done: false })).toBe(100);
    expect(rowsReceived({ rows: 100, loaded: 0, done: false })).toBe(0);
    expect(rowsReceived({ rows: 100, loaded: 0, done: true })).toBe(100);
  });
});
