import { describe, expect, it } from 'vitest';
import { LineBuffer } from './line-buffer';

describe("the tenant log's waiting lines", () => {
  it('gives lines back in order, column by column, and keeps the rest for the next take', () => {
    const buffer = new LineBuffer();
    buffer.push(3, Date.UTC(2026, 10, 26, 9, 0, 0, 250), 'INFO', 'ocpp', 'W-1', 'Heartbeat');
    buffer.push(4, Date.UTC(2026, 10, 26, 9, 0, 1), 'WARN', 'command', null, 'Reset → Rejected (task 4)');
    buffer.push(3, Date.UTC(2026, 10, 26, 9, 0, 2), 'ERROR', 'ocpp', 'W-2', 'ação «não» 充電 🚗');

    expect(buffer.take(2)).toEqual({
      tenantPks: [3, 4],
      ats: ['2026-11-26T09:00:00.250Z', '2026-11-26T09:00:01.000Z'],
      levels: ['INFO', 'WARN'],
      categories: ['ocpp', 'command'],
      chargeBoxIds: ['W-1', null],
      texts: ['Heartbeat', 'Reset → Rejected (task 4)'],
    });
    expect(buffer.length).toBe(1);

    buffer.push(5, Date.UTC(2026, 10, 26, 9, 0, 3), 'INFO', 'sign-in', null, '');
    expect(buffer.take(10)).toEqual({
      tenantPks: [3, 5],
      ats: ['2026-11-26T09:00:02.000Z', '2026-11-26T09:00:03.000Z'],
      levels: ['ERROR', 'INFO'],
      categories: ['ocpp', 'sign-in'],
      chargeBoxIds: ['W-2', null],
      texts: ['ação «não» 充電 🚗', ''],
    });
    expect(buffer.length).toBe(0);
    expect(buffer.take(5).texts).toEqual([]);
  });

  it('grows past its first 64 KiB and keeps every text byte for byte, across takes', () => {
    const buffer = new LineBuffer();
    // 300 lines of 1,000 characters, 2 to 4 bytes each in UTF-8: about 900 KB, many times the start.
    const text = (i: number) => `${i}:` + 'ç€🚗'.repeat(250).slice(0, 1000 - String(i).length - 1);
    const written: string[] = [];
    const read: string[] = [];
    for (let i = 0; i < 300; i++) {
      buffer.push(1, 0, 'INFO', 'ocpp', null, text(i));
      written.push(text(i));
      if (i % 70 === 69) read.push(...buffer.take(45).texts);
    }
    read.push(...buffer.take(1000).texts);

    expect(read).toHaveLength(300);
    expect(read).toEqual(written);
  });
});
