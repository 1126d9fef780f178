import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transactionMessages } from '@recarga/contracts/transactions';

const br = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/br/transactions.json', import.meta.url)), 'utf8')) as Record<
  string,
  Record<string, string>
>;

describe('transactions texts in br', () => {
  it('keeps every message the specification quotes, exactly', () => {
    expect(br.approve.mustSelect).toBe(transactionMessages.mustSelect);
    expect(br.approve.success).toBe(transactionMessages.confirmSuccess);
    expect(br.approve.error).toBe(transactionMessages.confirmError);
    expect(br.detail.idleCanceled).toBe(transactionMessages.idleCanceled);
    expect(br.detail.idleCancelFailed).toBe(transactionMessages.idleCancelFailed);
    expect(br.detail.idleCancelError).toBe(transactionMessages.idleCancelError);
    expect(br.detail.idleCanceledLabel).toBe('Idle Payment Canceled');
    expect(br.invoice.resent).toBe(transactionMessages.invoiceResent);
    expect(br.invoice.resendError).toBe(transactionMessages.invoiceResendError);
    expect(br.invoice.dialog).toBe(transactionMessages.invoiceErrorDialog);
    expect(br.list.limited).toBe(transactionMessages.limited);
    expect(br.detail.fileTooLarge).toBe(transactionMessages.fileTooLarge);
    expect(br.filters.disabled).toBe(transactionMessages.disabledOption);
    expect(br.excel.failed).toBe('Unable to download the .xlsx file.');
    expect(br.excel.limitTitle).toBe('Limite de relatórios atingido no mês!');
  });
});
