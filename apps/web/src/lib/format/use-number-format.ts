import { useMemo } from 'react';
import { useLanguageTag } from '../use-language-tag';

/** Number formatters in the interface language ('1.234,50' in pt-BR, '1,234.50' in English). */
export function useNumberFormat() {
  const tag = useLanguageTag();
  return useMemo(() => {
    const cache = new Map<number, Intl.NumberFormat>();
    const axisFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    const withDigits = (digits: number) => {
      let f = cache.get(digits);
      if (!f) {
        f = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        cache.set(digits, f);
      }
      return f;
    };
    return {
      integer: (n: number) => withDigits(0).format(Math.round(n)),
      /** Exactly `digits` decimals (kWh with 2: '12,50'). */
      decimal: (n: number, digits: number) => withDigits(digits).format(n),
      /** A chart axis value: up to two decimals, as many as it has ('0,7', '1.250', '12,25'). */
      axis: (n: number) => axisFormat.format(n),
      /** A fraction (0.25) as a percentage ('25,0 %' in pt-BR). */
      percent: (fraction: number, digits = 1) =>
        new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction),
    };
  }, [tag]);
}
