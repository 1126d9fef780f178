import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dynamicPricingMessages } from '@recarga/contracts/dynamic-pricing';

type Texts = Record<string, Record<string, string>>;
const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/dynamicPricing.json`, import.meta.url)), 'utf8')) as Texts;
const en = texts('en');
const br = texts('br');

/** The contract's texts in English: exact in en, translated elsewhere. The others are Portuguese: exact in br. */
const english = new Set(['nameRequired', 'noProfiles', 'nameTaken', 'notFound', 'oneGeneralPerDay']);

describe('dynamic pricing texts', () => {
  it('keeps every message the specification quotes, exactly, in its own language (English in en, Portuguese in br)', () => {
    for (const [key, text] of Object.entries(dynamicPricingMessages)) {
      expect((english.has(key) ? en : br).messages![key], key).toBe(text);
    }
    expect(en.messages!.nameRequired).toBe('Fill in the profile name');
    expect(en.messages!.noProfiles).toBe('No profiles found');
    expect(br.profile!.deleteConfirm).toBe('Deseja mesmo remover a exceção do dia {{date}}?');
    expect(br.profile!.delete).toBe('Excluir');
    expect(br.profile!.cancel).toBe('Cancelar');
    expect(br.create!.seeList).toBe('Ver listagem');
    expect(br.create!.retry).toBe('Tentar novamente');
  });

  it('says every message of the contract in every language', () => {
    for (const language of ['br', 'en', 'es-CO', 'es-EC', 'es-UY']) {
      expect(Object.keys(texts(language).messages!).sort(), language).toEqual(Object.keys(dynamicPricingMessages).sort());
    }
  });
});
