import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { setDateLanguage } from './date-language';
import { formatDateTime } from './date-time';

describe('date-time', () => {
  it('shows DD/MM/YYYY HH:mm, when given a local date', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 9, 7))).toBe('05/03/2024 09:07');
  });

  it('reads a UTC timestamp string into local time', () => {
    const utc = '2024-03-05T12:00:00Z';
    const local = new Date(utc);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatDateTime(utc)).toBe(expected);
  });

  it('gives an empty text, when the value is missing or unreadable', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names months in the interface language, when the language is set before or after dates load', () => {
    expect(dayjs('2024-01-15').format('MMMM')).toBe('janeiro');
    setDateLanguage('es-CO');
    expect(dayjs('2024-01-15').format('MMMM')).toBe('enero');
    setDateLanguage('en');
    expect(dayjs('2024-01-15').format('MMMM')).toBe('January');
    setDateLanguage('pt-BR');
  });
});
