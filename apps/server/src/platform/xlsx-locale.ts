import { getTheme } from '@recarga/contracts/themes';
import { t } from './i18n';
import { offsetMs, type Zone } from './time-zone';

/** Where a download's local times are read. */
export type SheetZone = Zone;

/** Excel currency formats by ISO code: the symbol and two decimals. */
const currencyFormats: Record<string, string> = {
  BRL: '"R$" #,##0.00',
  COP: '"$" #,##0.00',
  USD: '"US$" #,##0.00',
};

/** The Excel format of an amount in this currency, when it is one the product uses. */
export function currencyFormat(code: string | null | undefined): string | undefined {
  return code ? currencyFormats[code.trim()] : undefined;
}

/**
 * A spreadsheet in the caller's language and the tenant's currency: texts from the server's
 * locales, typed cells (numbers with a number format, money in the currency's format, local times
 * as dates) so that the spreadsheet can sum, sort and filter them. Excel shows the separators of
 * the reader's own settings; the formats below are Excel's codes, not text.
 */
export class SheetLocale {
  readonly language: string;
  readonly currency: string;

  constructor(
    /** The caller's brand: its language is the screens' language. */
    theme: string,
    private readonly zone: SheetZone,
  ) {
    const brand = getTheme(theme);
    this.language = brand.language;
    this.currency = brand.currency;
  }

  /** A text of the server's locales in the caller's language. */
  text(key: string, vars?: Record<string, string | number>): string {
    return t(this.language, key, vars);
  }

  /** A code's label (`xlsx.paymentType.MANUAL_DASHBOARD`); a code without one is shown as it is. */
  label(group: string, code: string | null | undefined): string {
    if (!code) return '';
    const key = `xlsx.${group}.${code}`;
    const text = t(this.language, key);
    return text === key ? code : text;
  }

  yesNo(value: boolean): string {
    return this.text(value ? 'xlsx.yes' : 'xlsx.no');
  }

  /** Money in minor units as a number of the currency (formatted by `moneyFormat`). */
  money(minor: number | null | undefined): number | null {
    return minor === null || minor === undefined ? null : minor / 100;
  }

  get moneyFormat(): string {
    return currencyFormats[this.currency] ?? '#,##0.00';
  }

  get dateTimeFormat(): string {
    return this.language === 'en' ? 'mm/dd/yyyy hh:mm:ss' : 'dd/mm/yyyy hh:mm:ss';
  }

  /**
   * An instant as a date cell showing the local time of the zone. Spreadsheet dates carry no zone:
   * the cell holds the local wall-clock time.
   */
  localDate(iso: string | Date | null | undefined): Date | null {
    if (!iso) return null;
    const instant = typeof iso === 'string' ? new Date(iso) : iso;
    if (Number.isNaN(instant.getTime())) return null;
    // The cell holds the local wall-clock time as if it were UTC.
    return new Date(instant.getTime() + offsetMs(this.zone, instant.getTime()));
  }
}

/** Formats of typed number cells. */
export const numberFormats = {
  integer: '0',
  kwh: '#,##0.00',
  /** A length of time as hours:minutes:seconds (the cell holds days, as spreadsheets count time). */
  duration: '[h]:mm:ss',
} as const;

/** Seconds as a spreadsheet duration (a fraction of a day). */
export function durationCell(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : seconds / 86_400;
}
