import { describe, expect, it } from 'vitest';
import * as contract from '@recarga/contracts/vouchers';
import * as limits from './limits';

describe('voucher screen limits', () => {
  it('match the contract, when the screens keep their own copy (no zod in the bundle)', () => {
    expect(limits.VOUCHER_CODE_MAX).toBe(contract.VOUCHER_CODE_MAX);
    expect(limits.VOUCHER_TITLE_MAX).toBe(contract.VOUCHER_TITLE_MAX);
    expect(limits.VOUCHER_DESCRIPTION_MAX).toBe(contract.VOUCHER_DESCRIPTION_MAX);
    expect(limits.VOUCHER_UNITS_MAX).toBe(contract.VOUCHER_UNITS_MAX);
    expect(limits.VOUCHER_MONEY_MAX_MINOR).toBe(contract.VOUCHER_MONEY_MAX_MINOR);
    expect(limits.VOUCHER_MONEY_MAX_MINOR_COP).toBe(contract.VOUCHER_MONEY_MAX_MINOR_COP);
    for (const currency of ['BRL', 'COP', 'USD'])
      expect(limits.voucherMoneyMaxMinor(currency)).toBe(contract.voucherMoneyMaxMinor(currency));
    expect(limits.VOUCHER_KWH_MAX).toBe(contract.VOUCHER_KWH_MAX);
    expect(limits.VOUCHER_PERCENT_MAX).toBe(contract.VOUCHER_PERCENT_MAX);
    expect(limits.VOUCHER_USES_PER_USER_MAX).toBe(contract.VOUCHER_USES_PER_USER_MAX);
    expect(limits.VOUCHER_PAGE_SIZE).toBe(contract.VOUCHER_PAGE_SIZE);
    expect(limits.voucherKinds).toEqual(contract.voucherKinds);
    expect(limits.voucherStatuses).toEqual(contract.voucherStatuses);
  });
});
