import type { AppLanguage } from '../languages';

export type ThemeName = 'move' | 'sol' | 'terpel' | 'andes' | 'celeste';
type CountryCode = 'BR' | 'CO' | 'EC' | 'UY';

/** Operator company record shown on the terms-of-use page. */
export interface OperatorCompany {
  shortName: string;
  legalName: string;
  /** Tax document with its label, e.g. `CNPJ 12.345.678/0001-90`. */
  taxDocument: string;
  address: string;
  email: string;
}

interface ThemePalette {
  /** Brand colour: buttons, links, selected menu item. */
  primary: string;
  /** Deep brand colour: sidebar and the login brand panel. */
  brandDark: string;
  /** Highlight used on dark brand surfaces. */
  accent: string;
}

/** A tenant brand, as data. Nothing else in the app knows brand specifics. */
export interface ThemeDefinition {
  name: ThemeName;
  displayName: string;
  /** Wordmark for light backgrounds. */
  logo: string;
  /** Wordmark for the dark brand surfaces. */
  logoLight: string;
  favicon: string;
  palette: ThemePalette;
  country: CountryCode;
  currency: 'BRL' | 'COP' | 'USD';
  /** Locale used for money (Intl.NumberFormat). */
  moneyLocale: string;
  language: AppLanguage;
  features: {
    /** External 'Rateio' report shown in the sidebar; null hides the link. */
    rateioUrl: string | null;
    /** Tenant-specific footer block on the login screen. */
    loginFooter: boolean;
  };
  /** Host of the mobile app's deep links (QR codes), used when start-up gives none. */
  deepLinkHost: string;
  company: OperatorCompany;
}
