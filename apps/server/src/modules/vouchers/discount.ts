import type { VoucherKind } from '@recarga/contracts/vouchers';

/** What a voucher has left for a recharge, as billing/pricing.ts `Voucher` reads it. */
export interface PricingVoucher {
  kind: VoucherKind;
  /** PERCENT: fraction (0.2 = 20 %); MONEY: minor units available; KWH: Wh available. */
  value: number;
}

/** Half-up rounding of a non-negative numerator/denominator to an integer (as billing/pricing.ts). */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** amount × fraction, half-up, the fraction taken to 6 decimals (as billing/pricing.ts applyFraction). */
function applyFraction(amount: number, fraction: number): number {
  return roundDiv(amount * Math.round(fraction * 1_000_000), 1_000_000);
}

/** The lines of a dynamic-pricing quote a voucher changes (modules/dynamic-pricing TimeOfUseBreakdown). */
export interface QuoteLines {
  startFee: number;
  reserve: number;
  energy: number;
  operationalFee: number;
  tax: number;
}

export interface QuoteWithVoucher {
  voucherDiscount: number;
  /** Minor units (MONEY, PERCENT) or Wh (KWH) the voucher paid. */
  voucherUsed: number;
  tax: number;
  total: number;
}

/**
 * A voucher on a dynamic-pricing quote, by the same rules as billing/pricing.ts priceRecharge:
 * the discount comes off the amount before tax (start fee + reserve + energy + operational fee)
 * and the tax is charged on what remains. The quote's tax mixes each segment's rate, so it is
 * scaled by the share that remains (half-up). PERCENT takes its fraction off; MONEY pays up to
 * its balance; KWH makes up to its remaining Wh free at the recharge's own energy price (the
 * energy line × covered Wh / recharge Wh).
 */
export function voucherOnQuote(q: QuoteLines, energyWh: number, v: PricingVoucher): QuoteWithVoucher {
  const subtotal = q.startFee + q.reserve + q.energy + q.operationalFee;
  let discount = 0;
  let used = 0;
  if (subtotal > 0) {
    if (v.kind === 'PERCENT_RECHARGE') {
      discount = Math.min(subtotal, applyFraction(subtotal, v.value));
      used = discount;
    } else if (v.kind === 'MONEY_RECHARGE') {
      discount = Math.min(subtotal, Math.max(0, v.value));
      used = discount;
    } else {
      const wh = Math.max(0, energyWh);
      const covered = Math.min(wh, Math.max(0, v.value));
      discount = wh > 0 ? Math.min(subtotal, roundDiv(q.energy * covered, wh)) : 0;
      used = covered;
    }
  }
  const tax = subtotal > 0 ? roundDiv(q.tax * (subtotal - discount), subtotal) : q.tax;
  return { voucherDiscount: discount, voucherUsed: used, tax, total: subtotal - discount + tax };
}
