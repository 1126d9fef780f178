/**
 * The tenant brands, as data: the web app themes its screens with them and the server brands the
 * e-mails it sends. Nothing else knows brand specifics. No schema library here (the web app's entry
 * imports this file).
 */

export type ThemeName = 'move' | 'sol' | 'terpel' | 'andes' | 'celeste';
/** The product's languages (`br` is Brazilian Portuguese). */
export type ThemeLanguage = 'br' | 'en' | 'es-CO' | 'es-EC' | 'es-UY';
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
  language: ThemeLanguage;
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

function assets(name: ThemeName) {
  return {
    logo: `/themes/${name}/logo.svg`,
    logoLight: `/themes/${name}/logo-light.svg`,
    favicon: `/themes/${name}/favicon.svg`,
  };
}

export const themes: Record<ThemeName, ThemeDefinition> = {
  move: {
    name: 'move',
    displayName: 'Move',
    ...assets('move'),
    palette: { primary: '#0a8f6a', brandDark: '#052e26', accent: '#34d399' },
    country: 'BR',
    currency: 'BRL',
    moneyLocale: 'pt-BR',
    language: 'br',
    features: { rateioUrl: null, loginFooter: false },
    deepLinkHost: 'move.app.recarga.dev',
    company: {
      shortName: 'Move',
      legalName: 'Move Mobilidade Elétrica Ltda.',
      taxDocument: 'CNPJ 34.512.889/0001-07',
      address: 'Av. Brigadeiro Faria Lima, 1811, 9º andar, Jardim Paulistano, São Paulo - SP, 01452-001, Brasil',
      email: 'contato@move.com.br',
    },
  },
  sol: {
    name: 'sol',
    displayName: 'Sol',
    ...assets('sol'),
    palette: { primary: '#d9480f', brandDark: '#2b1204', accent: '#ffb020' },
    country: 'BR',
    currency: 'BRL',
    moneyLocale: 'pt-BR',
    language: 'br',
    features: { rateioUrl: 'https://rateio.sol.com.br/', loginFooter: false },
    deepLinkHost: 'sol.app.recarga.dev',
    company: {
      shortName: 'Sol',
      legalName: 'Sol Energia e Mobilidade S.A.',
      taxDocument: 'CNPJ 21.704.356/0001-48',
      address: 'Rua da Assembleia, 100, 22º andar, Centro, Rio de Janeiro - RJ, 20011-904, Brasil',
      email: 'contato@sol.com.br',
    },
  },
  terpel: {
    name: 'terpel',
    displayName: 'Terpel',
    ...assets('terpel'),
    palette: { primary: '#d6001c', brandDark: '#33030a', accent: '#ffcc00' },
    country: 'CO',
    currency: 'COP',
    moneyLocale: 'es-CO',
    language: 'es-CO',
    features: { rateioUrl: null, loginFooter: true },
    deepLinkHost: 'terpel.app.recarga.dev',
    company: {
      shortName: 'Terpel',
      legalName: 'Terpel Movilidad Eléctrica S.A.S.',
      taxDocument: 'NIT 901.245.318-6',
      address: 'Carrera 7 # 75-51, piso 12, Bogotá D.C., Colombia',
      email: 'contacto@terpel.co',
    },
  },
  andes: {
    name: 'andes',
    displayName: 'Andes',
    ...assets('andes'),
    palette: { primary: '#2f54eb', brandDark: '#0b1846', accent: '#69b1ff' },
    country: 'EC',
    currency: 'USD',
    moneyLocale: 'es-EC',
    language: 'es-EC',
    features: { rateioUrl: null, loginFooter: false },
    deepLinkHost: 'andes.app.recarga.dev',
    company: {
      shortName: 'Andes',
      legalName: 'Andes Movilidad Eléctrica S.A.',
      taxDocument: 'RUC 1792876541001',
      address: 'Av. República de El Salvador N34-183 y Suiza, Quito, Ecuador',
      email: 'contacto@andes.ec',
    },
  },
  celeste: {
    name: 'celeste',
    displayName: 'Celeste',
    ...assets('celeste'),
    palette: { primary: '#0a7fc2', brandDark: '#06263d', accent: '#5cc8ff' },
    country: 'UY',
    currency: 'USD',
    moneyLocale: 'es-UY',
    language: 'es-UY',
    features: { rateioUrl: null, loginFooter: false },
    deepLinkHost: 'celeste.app.recarga.dev',
    company: {
      shortName: 'Celeste',
      legalName: 'Celeste Energía S.A.',
      taxDocument: 'RUT 21 654321 0017',
      address: 'Av. 18 de Julio 1360, piso 8, 11200 Montevideo, Uruguay',
      email: 'contacto@celeste.com.uy',
    },
  },
};

const defaultThemeName: ThemeName = 'move';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(themes, value);
}

/** The theme for a stored or announced name; unknown names fall back to the default brand. */
export function getTheme(name: string | null | undefined): ThemeDefinition {
  return isThemeName(name) ? themes[name] : themes[defaultThemeName];
}
