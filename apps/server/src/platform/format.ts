/**
 * Human-readable money, energy and durations as the dashboard shows them: money in the tenant's
 * currency (pt-BR for BRL, es-CO for COP, es-EC for USD, es-UY for UYU), energy in kWh with the
 * locale's decimals, durations like '1h 05min'.
 */

const localeOf = (currency: string) =>
  currency === 'COP' ? 'es-CO' : currency === 'USD' ? 'es-EC' : currency === 'UYU' ? 'es-UY' : 'pt-BR';

const moneyFormats = new Map<string, Intl.NumberFormat>();
const kwhFormats = new Map<string, Intl.NumberFormat>();

/** Minor units → '$ 1.350,00' / 'R$ 24,57'. */
export function formatMoney(minor: number, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(currency), { style: 'currency', currency });
    moneyFormats.set(currency, f);
  }
  return f.format(minor / 100).replace(/\u00a0/g, ' ');
}

/** Wh → '12,35 kWh'. */
export function formatKwh(wh: number, currency = 'BRL'): string {
  const locale = localeOf(currency);
  let f = kwhFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    kwhFormats.set(locale, f);
  }
  return `${f.format(wh / 1000)} kWh`;
}

/** Seconds → '1h 05min', '12min', '45s', '0s'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}min`;
  if (m > 0) return `${m}min`;
  return `${s}s`;
}

/** Km of autonomy for the energy: 6.5 km per kWh (docs/decisions.md, station graphs), 1 decimal. */
export const autonomyKm = (wh: number) => Math.round((wh / 1000) * 6.5 * 10) / 10;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as the network reads it: '29/11/2026 14:05:09' in its currency's locale and its time zone (UTC without one). */
export function formatDateTime(at: Date, currency: string, timeZone: string | null): string {
  const key = `${currency}|${timeZone ?? 'UTC'}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(currency), {
      timeZone: timeZone ?? 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, f);
  }
  return f.format(at).replace(',', '');
}
