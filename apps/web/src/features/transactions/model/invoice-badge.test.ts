import { describe, expect, it } from 'vitest';
import { canRetryInvoice, invoiceBadgeTone } from './invoice-badge';

describe('invoiceBadgeTone', () => {
  it('is red, when the invoice failed', () => {
    expect(invoiceBadgeTone('ERROR_DISABLE_OR_NOT_CONFIGURED')).toBe('error');
    expect(invoiceBadgeTone('ERRO_CANCELAMENTO')).toBe('error');
    expect(invoiceBadgeTone('ERROR_CS')).toBe('error');
  });

  it('is grey, when authorisation is processing', () => {
    expect(invoiceBadgeTone('PROCESSANDO_AUTORIZACAO')).toBe('processing');
  });

  it('is white, when no status is set', () => {
    expect(invoiceBadgeTone(null)).toBe('none');
    expect(invoiceBadgeTone(undefined)).toBe('none');
    expect(invoiceBadgeTone('')).toBe('none');
  });

  it('is the normal colour, when any other status is set', () => {
    expect(invoiceBadgeTone('AUTORIZADA')).toBe('normal');
    expect(invoiceBadgeTone('CANCELADA')).toBe('normal');
  });

  it('offers a retry only on a red badge', () => {
    expect(canRetryInvoice('ERROR_CS')).toBe(true);
    expect(canRetryInvoice('PROCESSANDO_AUTORIZACAO')).toBe(false);
    expect(canRetryInvoice(null)).toBe(false);
  });
});
