import type { VoucherKind } from '@recarga/contracts/vouchers';
import { VOUCHER_KWH_MAX, VOUCHER_PERCENT_MAX, VOUCHER_UNITS_MAX, voucherMoneyMaxMinor } from './limits';

/** Message names (the contract's `voucherMessages`; texts in the `vouchers` namespace, `messages.*`) of 002 §5. */
type ValueErrorKey = 'valueRequired' | 'valueZero' | 'valueMoneyMax' | 'valueKwhMax' | 'valuePercentMax';
type UnitsErrorKey = 'unitsRequired' | 'unitsZero' | 'unitsBelowOriginal' | 'unitsBelowUsers' | 'unitsMax';

/** The highest value of a kind, in the form's unit (money: minor units of the network's currency). */
export function kindValueMax(kind: VoucherKind, currency: string): number {
  if (kind === 'MONEY_RECHARGE') return voucherMoneyMaxMinor(currency);
  if (kind === 'KWH_RECHARGE') return VOUCHER_KWH_MAX;
  return VOUCHER_PERCENT_MAX;
}

/**
 * 002 §5, the voucher value: required, not zero, at most R$ 1.000,00 (COP 1.000.000,00) / 1000 kWh /
 * 100 %. The form holds money in minor units (typed as cents) and the other kinds as whole numbers.
 */
export function kindValueError(kind: VoucherKind | undefined, value: number | null | undefined, currency: string): ValueErrorKey | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'valueRequired';
  if (value === 0) return 'valueZero';
  if (!kind) return null;
  if (value > kindValueMax(kind, currency))
    return kind === 'MONEY_RECHARGE' ? 'valueMoneyMax' : kind === 'KWH_RECHARGE' ? 'valueKwhMax' : 'valuePercentMax';
  return null;
}

/**
 * 002 §5, the number of vouchers: required, not zero, not below the quantity already registered
 * (edit), not below the users chosen, at most 1000.
 */
export function unitsError(units: number | null | undefined, chosenUsers: number, originalUnits: number | null): UnitsErrorKey | null {
  if (units === null || units === undefined || Number.isNaN(units)) return 'unitsRequired';
  if (units === 0) return 'unitsZero';
  if (units > VOUCHER_UNITS_MAX) return 'unitsMax';
  if (originalUnits !== null && units < originalUnits) return 'unitsBelowOriginal';
  if (units < chosenUsers) return 'unitsBelowUsers';
  return null;
}

/** What a digits-only field holds after a keystroke: the digits typed, as a number (null when none). */
export function digitsValue(text: string, maxDigits = 4): number | null {
  const digits = text.replace(/\D/g, '').slice(0, maxDigits);
  return digits ? Number(digits) : null;
}

/** 002 §5: the code is uppercased as it is typed (and carries no spaces at its ends). */
export function normaliseCode(text: string): string {
  return text.toUpperCase();
}

/** 002 §5 with the contract: letters, digits, hyphen and underscore. */
export const CODE_PATTERN = /^[A-Z0-9_-]*$/;

/**
 * The message name of a server field error: the contract sends keys such as 'vouchers.codeTaken'
 * (`voucherMessageKeys`); a plain text (a wrong type) is shown as it came, so null here.
 */
export function fieldMessageName(text: string): string | null {
  return text.startsWith('vouchers.') ? text.slice('vouchers.'.length) : null;
}
