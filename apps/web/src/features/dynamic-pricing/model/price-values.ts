import type { PricingDetail, PricingDetailForm } from '@recarga/contracts/dynamic-pricing';

/** The money prices of a rule, in the order the forms show them (002 §3 Pricing detail). */
export const moneyFields = ['servicePrice', 'kwhPrice', 'durationPrice', 'idleTimePrice', 'reservePrice'] as const;
export type MoneyField = (typeof moneyFields)[number];
export const percentFields = ['operationFee', 'taxes'] as const;
export type PercentField = (typeof percentFields)[number];

/**
 * A rule's prices as its form holds them: money in minor units, null when the field's switch is
 * off; operation fee and taxes as fractions (0.05 = 5 %), null when left empty (sent as 0).
 */
export type PriceValues = Record<MoneyField | PercentField, number | null>;

export const emptyPrices: PriceValues = {
  servicePrice: null,
  kwhPrice: null,
  durationPrice: null,
  idleTimePrice: null,
  reservePrice: null,
  operationFee: null,
  taxes: null,
};

/**
 * The price a field's switch turns off (002 §4): kWh and duration prices exclude each other.
 * Null for the fields that stand alone.
 */
export function exclusiveOf(field: MoneyField): MoneyField | null {
  if (field === 'kwhPrice') return 'durationPrice';
  if (field === 'durationPrice') return 'kwhPrice';
  return null;
}

/** A saved rule's prices in its form. A start value of 0 is the same as none: its switch shows off. */
export function pricesOf(detail: PricingDetail | null | undefined): PriceValues {
  if (!detail) return { ...emptyPrices };
  return {
    servicePrice: detail.servicePrice || null,
    kwhPrice: detail.kwhPrice,
    durationPrice: detail.durationPrice,
    idleTimePrice: detail.idleTimePrice,
    reservePrice: detail.reservePrice,
    operationFee: detail.operationFee,
    taxes: detail.taxes,
  };
}

/** Either the kWh or the duration price is set (002 §5). */
export const hasEnergyOrTimePrice = (prices: Pick<PriceValues, 'kwhPrice' | 'durationPrice'>) =>
  prices.kwhPrice !== null || prices.durationPrice !== null;

/** A form's prices as the detail sends them. */
export function pricesToForm(prices: PriceValues): Pick<PricingDetailForm, MoneyField | PercentField> {
  return {
    servicePrice: prices.servicePrice,
    kwhPrice: prices.kwhPrice,
    durationPrice: prices.durationPrice,
    idleTimePrice: prices.idleTimePrice,
    reservePrice: prices.reservePrice,
    operationFee: prices.operationFee ?? 0,
    taxes: prices.taxes ?? 0,
  };
}
