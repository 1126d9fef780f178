import { useMemo } from 'react';
import { formatMinorUnits } from '../../../lib/format/money';
import { useBrand } from '../../../lib/theme/brand-context';

/** Locale of a currency's amounts when it is not the brand's (an administrator's networks abroad). */
const localeOfCurrency: Record<string, string> = { BRL: 'pt-BR', COP: 'es-CO', USD: 'es-EC', UYU: 'es-UY' };

/** The locale a currency's amounts are written in when the brand does not say (an administrator's networks abroad). */
export function moneyLocaleOf(currency: string, brand?: { currency: string; moneyLocale: string }): string {
  if (brand && currency === brand.currency) return brand.moneyLocale;
  return localeOfCurrency[currency] ?? brand?.moneyLocale ?? 'pt-BR';
}

/** Formats minor units in a movement's currency: the brand's locale for its own currency ('R$ 24,05', '$ 1.350,00'). */
export function useMoney() {
  const brand = useBrand();
  return useMemo(() => {
    const format = (minor: number, currency: string) =>
      formatMinorUnits(minor, {
        currency,
        locale: moneyLocaleOf(currency, { currency: brand.currency, moneyLocale: brand.moneyLocale }),
      });
    return {
      format,
      /** A deposit's amount is money coming in: '+ R$ 30,00' (000 §2). */
      signed: (minor: number, currency: string, targetType: 'TRANSACTION' | 'USER') =>
        targetType === 'USER' ? `+ ${format(minor, currency)}` : format(minor, currency),
    };
  }, [brand.currency, brand.moneyLocale]);
}
