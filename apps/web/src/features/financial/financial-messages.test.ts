import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { completedStatuses, financialMessages, pendingStatuses, targetTypeLabels } from '@recarga/contracts/financial-constants';

type Texts = Record<string, Record<string, unknown>>;
const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/financial.json`, import.meta.url)), 'utf8')) as Texts;
const en = texts('en');
const br = texts('br');
const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'];

/** The contract's texts the spec quotes in English (or gives in English): exact in en. The others are Portuguese: exact in br. */
const english = new Set([
  'partialTooLarge',
  'refundNotApproved',
  'refundNothingLeft',
  'resendNotRecharge',
  'reportFailed',
  'movementNotFound',
  'tenantNotFound',
  'chargeBoxNotFound',
  'rangeTooLong',
  'rangeFuture',
  'rangeOrder',
  'rangeInvalid',
  'idempotencyKeyReused',
  'providerFailed',
]);

describe('financial texts', () => {
  it('keeps every message of the contract, exactly, in its own language (English in en, Portuguese in br)', () => {
    for (const [key, text] of Object.entries(financialMessages)) {
      expect((english.has(key) ? en : br).messages![key], key).toBe(text);
    }
    expect(br.messages!.empty).toBe('Não há movimentações financeiras');
    expect(br.messages!.resendConfirm).toBe('Deseja reenviar a nota fiscal?');
    expect(en.messages!.reportFailed).toBe('Unable to download the .xlsx file.');
  });

  it('says every message of the contract in every language', () => {
    for (const language of languages) {
      expect(Object.keys(texts(language).messages!).sort(), language).toEqual(Object.keys(financialMessages).sort());
    }
  });

  it('labels the payment statuses, the targets and the authorised invoice as the spec does in pt-BR (000 §3, §4)', () => {
    expect(br.paymentStatus).toEqual({
      approved: 'Pago',
      cancelled: 'Cancelado',
      charged_back: 'Estornado',
      in_process: 'Em processamento',
      pending: 'Pendente',
      refunded: 'Reembolsado',
      rejected: 'Rejeitado',
      partial_refund: 'Devolução parcial',
    });
    expect(br.type).toEqual(targetTypeLabels);
    expect(br.invoiceStatus!.autorizado).toBe('Emitida');
  });

  it('names every status the footer counts, in every language', () => {
    for (const language of languages) {
      const statuses = texts(language).paymentStatus!;
      for (const status of [...completedStatuses, ...pendingStatuses]) expect(statuses[status], `${language} ${status}`).toBeTruthy();
    }
  });
});
