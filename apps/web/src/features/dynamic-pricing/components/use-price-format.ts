import { useMemo } from 'react';
import { formatMinorUnits } from '../../../lib/format/money';
import { useBrand } from '../../../lib/theme/brand-context';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { percentTextOf } from '../model/percent-mask';

export interface PriceFormat {
  currency: string;
  /** The locale money is written in: the brand's for its own currency, else the interface language's. */
  moneyLocale: string;
  /** The interface language's decimal mark (',' in pt-BR). */
  decimalMark: string;
  money: (minor: number) => string;
  /** A fraction as a percent with one decimal at most ('12,5%'). */
  percent: (fraction: number) => string;
}

/** How a profile's prices are written: in the profile's currency (the detail answer's), in the interface language. */
export function usePriceFormat(currency: string | undefined): PriceFormat {
  const brand = useBrand();
  const tag = useLanguageTag();
  return useMemo(() => {
    const code = currency ?? brand.currency;
    const moneyLocale = code === brand.currency ? brand.moneyLocale : tag;
    const decimalMark = (1.5).toLocaleString(tag).replace(/\d/g, '') || ',';
    return {
      currency: code,
      moneyLocale,
      decimalMark,
      money: (minor: number) => formatMinorUnits(minor, { currency: code, locale: moneyLocale }),
      percent: (fraction: number) => `${percentTextOf(fraction, decimalMark)}%`,
    };
  }, [currency, brand.currency, brand.moneyLocale, tag]);
}
