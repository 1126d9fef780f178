import { describe, expect, it } from 'vitest';
import { dayParam, intParam, oneOfParam } from './url-state';

describe('list settings read from the address', () => {
  it('pages and ids: whole numbers from the minimum, anything else ignored', () => {
    const page = intParam(1);
    expect(['1', '25', '0', '-3', '2.5', 'abc', '1e3', '99999999999999999'].map((raw) => page.parse(raw))).toEqual([
      1,
      25,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('days: real calendar days only', () => {
    expect(['2026-11-23', '2026-02-30', '2026-13-01', '23/11/2026', ''].map((raw) => dayParam.parse(raw))).toEqual([
      '2026-11-23',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('words: only the listed ones', () => {
    const status = oneOfParam(['PAID', 'NOT_PAID'] as const);
    expect(['PAID', 'paid', 'OTHER'].map((raw) => status.parse(raw))).toEqual(['PAID', undefined, undefined]);
  });
});
