import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { voucherKindLabels, voucherMessages, voucherStatusLabels } from '@recarga/contracts/vouchers';

type Texts = Record<string, Record<string, string>>;
const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/vouchers.json`, import.meta.url)), 'utf8')) as Texts;
const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'];
const br = texts('br');

/** The contract's messages the screens show elsewhere than `messages.*` (modal titles, labels). */
const elsewhere: Record<string, string> = {
  created: 'form.created',
  createFailed: 'form.createFailed',
  updated: 'form.updated',
  updateFailed: 'form.updateFailed',
  listFailed: 'list.loadError',
  historyEmpty: 'detail.historyEmpty',
  allChargeBoxes: 'detail.allChargers',
  allMandatory: 'form.mandatory',
};
const at = (t: Texts, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], t) as string;

describe('voucher texts', () => {
  it('words every message of the contract in every language, exactly as the spec quotes it in br, when a field error names it', () => {
    for (const language of languages) {
      const t = texts(language);
      for (const name of Object.keys(voucherMessages)) {
        const text = elsewhere[name] ? at(t, elsewhere[name]) : t.messages![name];
        expect(text, `${language} ${name}`).toBeTruthy();
      }
    }
    for (const [name, text] of Object.entries(voucherMessages)) {
      if (name === 'valueMoneyMax') continue; // the screen writes the amount in the tenant's currency
      if (name === 'allMandatory') expect(br.form!.mandatory).toBe(`${text}.`);
      else if (name === 'dateInvalid')
        continue; // the screens use date pickers: no format to explain
      else expect(elsewhere[name] ? at(br, elsewhere[name]) : br.messages![name], name).toBe(text);
    }
  });

  it('labels kinds and statuses as the spec does in br', () => {
    expect(br.kind).toEqual(voucherKindLabels);
    expect(br.status).toEqual(voucherStatusLabels);
    expect(br.detail!.users).toBe('Usuarios com Vouchers Ativados');
    expect(br.detail!.loading).toBe('Carregando...');
    expect(br.form!.selectUsers).toBe('Selecionar usuários');
    expect(br.list!.create).toBe('Criar Voucher');
    expect(br.list!.filter).toBe('Filtrar');
    expect(br.list!.clear).toBe('Limpar');
  });
});
