import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ledgerStatusDetails } from '@recarga/contracts/financial-constants';
import { statusDetailText } from './status-detail';

const texts = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../locales/${language}/financial.json`, import.meta.url)), 'utf8')) as {
    statusDetail: Record<string, string>;
  };

describe('a payment’s status detail', () => {
  it('a provider code the screen knows is worded; an unknown one is shown as a code', () => {
    expect(statusDetailText('cc_rejected_insufficient_amount')).toEqual({ key: 'statusDetail.insufficientAmount' });
    expect(statusDetailText('Insufficient wallet balance.')).toEqual({ key: 'statusDetail.walletLow' });
    expect(statusDetailText('cc_rejected_something_new')).toEqual({ key: 'statusDetail.providerCode', code: 'cc_rejected_something_new' });
  });

  it('every detail the ledger writes is worded', () => {
    for (const detail of Object.values(ledgerStatusDetails))
      expect(statusDetailText(detail).key, detail).not.toBe('statusDetail.providerCode');
  });

  it('every worded detail has its text in every language, and none reads as the raw code', () => {
    const details = [
      'accredited',
      'pending_contingency',
      'cc_rejected_insufficient_amount',
      'cc_rejected_high_risk',
      'expired',
      'voucher',
      'manual',
    ];
    for (const language of ['br', 'en', 'es-CO', 'es-EC', 'es-UY']) {
      const own = texts(language).statusDetail;
      for (const detail of details) {
        const key = statusDetailText(detail).key.replace('statusDetail.', '');
        expect(own[key], `${language} ${key}`).toBeTruthy();
        expect(own[key]).not.toContain('_');
      }
      expect(own.providerCode).toContain('{{code}}');
    }
  });
});
