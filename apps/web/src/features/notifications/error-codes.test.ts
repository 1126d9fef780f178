import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ocppErrorCodes } from '@recarga/contracts/notification-types';

const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'];
const errorTexts = (language: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${language}/notifications.json`, import.meta.url), 'utf8')) as {
      errorCodes: Record<string, string>;
    }
  ).errorCodes;

describe('OCPP error codes in words', () => {
  it.each(languages)('every OCPP 1.5/1.6 ChargePointErrorCode has words of its own, for %s', (language) => {
    // Arrange
    const texts = errorTexts(language);

    // Act
    const missing = ocppErrorCodes.filter((code) => !texts[code] || texts[code] === code);

    // Assert
    expect(missing).toEqual([]);
    expect(Object.keys(texts).sort()).toEqual([...ocppErrorCodes].sort());
  });

  it('GroundFailure, the code operators saw raw, reads as a ground fault in each language', () => {
    expect(errorTexts('br').GroundFailure).toBe('Falha de aterramento');
    expect(errorTexts('es-CO').GroundFailure).toBe('Falla de conexión a tierra');
    expect(errorTexts('en').GroundFailure).toBe('Ground fault');
  });
});
