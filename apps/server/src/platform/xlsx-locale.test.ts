import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SheetLocale } from './xlsx-locale';

const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'];
const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

describe("spreadsheets in the caller's language", () => {
  it.each(languages)('labels codes as the screens do, for %s (the texts cannot drift apart)', (language) => {
    const server = json(`../locales/${language}.json`) as Record<string, string>;
    const transactions = json(`../../../web/src/locales/${language}/transactions.json`) as Record<string, Record<string, unknown>>;
    const groups: [string, Record<string, unknown>][] = [
      ['paymentType', transactions.paymentTypes!],
      ['paymentStatus', transactions.paymentStatus!],
      ['stopReason', transactions.stopReasons!],
      ['invoice', (transactions.invoice as Record<string, Record<string, unknown>>).status!],
    ];
    for (const [group, labels] of groups) {
      for (const [code, text] of Object.entries(labels)) expect(server[`xlsx.${group}.${code}`], `${group}.${code}`).toBe(text);
    }
  });

  it('a brand in Colombia: Spanish texts, the peso format, Bogotá wall-clock dates', () => {
    const sheet = new SheetLocale('terpel', { kind: 'iana', name: 'America/Bogota' });
    expect(sheet.text('xlsx.transactions.station')).toBe('Estación');
    expect(sheet.label('paymentType', 'MANUAL_DASHBOARD')).toBe('Manual (panel)');
    expect(sheet.label('paymentType', 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(sheet.moneyFormat).toBe('"$" #,##0.00');
    expect(sheet.money(123_456)).toBe(1234.56);
    expect(sheet.localDate('2026-11-23T03:30:00Z')).toEqual(new Date('2026-11-22T22:30:00Z'));
  });

  it('a browser offset instead of a zone: UTC minus 180 minutes is São Paulo time', () => {
    const sheet = new SheetLocale('move', { kind: 'offset', minutes: 180 });
    expect(sheet.localDate('2026-11-23T12:00:00Z')).toEqual(new Date('2026-11-23T09:00:00Z'));
    expect(sheet.yesNo(true)).toBe('Sim');
    expect(sheet.moneyFormat).toBe('"R$" #,##0.00');
  });
});
