interface MoneyFormat {
  currency: string;
  locale: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter({ currency, locale }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let value = formatters.get(key);
  if (!value) {
    value = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, value);
  }
  return value;
}

/** Formats an amount in major units (reais, pesos, dollars), e.g. `R$ 1.234,56`. */
export function formatMoney(amount: number, format: MoneyFormat): string {
  return formatter(format).format(amount);
}

/** Formats an amount stored in minor units (cents): 123456 → `R$ 1.234,56`. */
export function formatMinorUnits(minor: number, format: MoneyFormat): string {
  return formatMoney(minor / 100, format);
}
