import { describe, expect, it } from 'vitest';
import { dateText, exceptionDatesText } from './exception-dates';

describe('exception dates', () => {
  it('a day: DD/MM/YYYY; a period: both ends', () => {
    expect(dateText('2026-12-25')).toBe('25/12/2026');
    expect(exceptionDatesText('2026-12-25', '2026-12-25')).toBe('25/12/2026');
    expect(exceptionDatesText('2026-02-14', '2026-02-17')).toBe('14/02/2026 – 17/02/2026');
  });
});
