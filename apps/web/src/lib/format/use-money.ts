import { useCallback } from 'react';
import { useBrand } from '../theme/brand-context';
import { formatMinorUnits } from './money';

/** Money formatter for the active brand (BRL pt-BR, COP es-CO, USD...), taking minor units. */
export function useMoney(): (minorUnits: number) => string {
  const brand = useBrand();
  return useCallback(
    (minorUnits: number) => formatMinorUnits(minorUnits, { currency: brand.currency, locale: brand.moneyLocale }),
    [brand.currency, brand.moneyLocale],
  );
}
