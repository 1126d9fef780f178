import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAppLanguage, languageTags } from '../../../lib/languages';

/** Number formatters in the interface language (pt-BR by default). */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const tag = isAppLanguage(i18n.language) ? languageTags[i18n.language] : 'pt-BR';
  return useMemo(() => {
    const cache = new Map<number, Intl.NumberFormat>();
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
      decimal: (n: number, digits: number) => withDigits(digits).format(n),
      /** A fraction (0.25) as a percentage ('25,0 %' in pt-BR). */
      percent: (fraction: number, digits = 1) =>
        new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction),
    };
  }, [tag]);
}
