/**
 * Limits of the voucher screens (002 §5, §9), without zod: the contract
 * (`@recarga/contracts/vouchers`) builds its schemas with zod, which the screens keep out of their
 * bundle. limits.test.ts holds these to the contract's values.
 */

export const VOUCHER_CODE_MAX = 30;
export const VOUCHER_TITLE_MAX = 50;
export const VOUCHER_DESCRIPTION_MAX = 100;
/** Units (total vouchers) and uses per user: up to 1000. */
export const VOUCHER_UNITS_MAX = 1000;
/** Money: up to R$ 1.000,00 (minor units); a peso network up to COP 1.000.000,00. */
export const VOUCHER_MONEY_MAX_MINOR = 100_000;
export const VOUCHER_MONEY_MAX_MINOR_COP = 100_000_000;

/** The largest MONEY voucher in minor units of the network's currency. */
export function voucherMoneyMaxMinor(currency: string): number {
  return currency.trim().toUpperCase() === 'COP' ? VOUCHER_MONEY_MAX_MINOR_COP : VOUCHER_MONEY_MAX_MINOR;
}
export const VOUCHER_KWH_MAX = 1000;
export const VOUCHER_PERCENT_MAX = 100;
/** The list: 10 a page, pages from 1. */
export const VOUCHER_PAGE_SIZE = 10;
export const VOUCHER_USES_PER_USER_MAX = 1000;

export const voucherKinds = ['PERCENT_RECHARGE', 'MONEY_RECHARGE', 'KWH_RECHARGE'] as const;
export const voucherStatuses = ['NOT_STARTED', 'ACTIVE', 'EXPIRED', 'INACTIVE', 'USED'] as const;
