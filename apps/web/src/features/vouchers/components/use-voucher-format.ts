import { useMemo } from 'react';
import dayjs from 'dayjs';
import type { VoucherKind } from '@recarga/contracts/vouchers';
import { formatMinorUnits, formatMoney } from '../../../lib/format/money';
import { useBrand } from '../../../lib/theme/brand-context';
import { useLanguageTag } from '../../../lib/use-language-tag';

/** Locale of a currency's amounts when it is not the brand's. */
const localeOfCurrency: Record<string, string> = { BRL: 'pt-BR', COP: 'es-CO', USD: 'es-EC', UYU: 'es-UY' };

/**
 * How the voucher screens write values: money in the voucher's (the tenant's) currency, kWh and
 * percentages in the interface language, instants in the browser's zone (002 §9).
 */
export function useVoucherFormat() {
  const brand = useBrand();
  const tag = useLanguageTag();
  return useMemo(() => {
    const moneyLocale = (currency: string) => (currency === brand.currency ? brand.moneyLocale : (localeOfCurrency[currency] ?? tag));
    const number = (n: number, max = 3) => n.toLocaleString(tag, { maximumFractionDigits: max });
    return {
      currency: brand.currency,
      moneyLocale,
      /** An amount in major units (a MONEY kind_value). */
      major: (amount: number, currency: string) => formatMoney(amount, { currency, locale: moneyLocale(currency) }),
      /** An amount in minor units (discounts, recharge totals). */
      minor: (amount: number, currency: string) => formatMinorUnits(amount, { currency, locale: moneyLocale(currency) }),
      /** A kind_value in its kind's unit: 'R$ 25,50', '12,5 kWh', '10 %'. */
      value: (kind: VoucherKind, value: number, currency: string) =>
        kind === 'MONEY_RECHARGE'
          ? formatMoney(value, { currency, locale: moneyLocale(currency) })
          : kind === 'KWH_RECHARGE'
            ? `${number(value)} kWh`
            : `${number(value, 2)} %`,
      /** 002 §9: DD/MM/YYYY HH:mm in the list. */
      minute: (instant: string) => dayjs(instant).format('DD/MM/YYYY HH:mm'),
      /** 002 §9: DD/MM/YYYY HH:mm:ss in the detail. */
      second: (instant: string) => dayjs(instant).format('DD/MM/YYYY HH:mm:ss'),
    };
  }, [brand.currency, brand.moneyLocale, tag]);
}
