import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transactionMessages } from '@recarga/contracts/transactions';

const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/transactions.json`, import.meta.url)), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const en = texts('en');
const br = texts('br');

describe('transactions texts', () => {
  it('keeps every message the specification quotes, exactly, in its own language (English in en, Portuguese in br)', () => {
    expect(en.approve.mustSelect).toBe(transactionMessages.mustSelect);
    expect(en.approve.success).toBe(transactionMessages.confirmSuccess);
    expect(en.approve.error).toBe(transactionMessages.confirmError);
    expect(en.detail.idleCanceled).toBe(transactionMessages.idleCanceled);
    expect(en.detail.idleCancelFailed).toBe(transactionMessages.idleCancelFailed);
    expect(en.detail.idleCancelError).toBe(transactionMessages.idleCancelError);
    expect(en.detail.idleCanceledLabel).toBe('Idle Payment Canceled');
    expect(en.invoice.resent).toBe(transactionMessages.invoiceResent);
    expect(en.invoice.resendError).toBe(transactionMessages.invoiceResendError);
    expect(en.invoice.dialog).toBe(transactionMessages.invoiceErrorDialog);
    expect(en.list.limited).toBe(transactionMessages.limited);
    expect(br.detail.fileTooLarge).toBe(transactionMessages.fileTooLarge);
    expect(br.filters.disabled).toBe(transactionMessages.disabledOption);
    expect(en.excel.failed).toBe('Unable to download the .xlsx file.');
    expect(br.excel.limitTitle).toBe('Limite de relatórios atingido no mês!');
  });
});
