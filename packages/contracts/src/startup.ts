/**
 * What the app's own address tells the web app at start-up. No schema library here: the web app's
 * entry imports this file, and every kilobyte of it is on the sign-in page's first load.
 */

/**
 * The card provider's 3-D Secure script that the card-payment bridge page loads (PagBank /
 * PagSeguro checkout SDK, production). The build setting VITE_THREE_DS_SCRIPT_URL replaces it.
 */
export const THREE_DS_SCRIPT_URL_DEFAULT = 'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js';

export const captchaProviders = ['altcha', 'recaptcha', 'none'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** Response headers of the app's own address, read at start-up. */
export const startupHeaders = {
  apiKey: 'x-api-key',
  theme: 'x-theme',
  termsOfUse: 'x-terms-of-use',
  deepLinkHost: 'x-deep-link-host',
  captchaProvider: 'x-captcha-provider',
  captchaSiteKey: 'x-captcha-site-key',
  /** Leaflet tile template (`{z}/{x}/{y}`, optional `{apikey}`): the server's MAP_TILE_URL. */
  mapTileUrl: 'x-map-tile-url',
  /**
   * The network's own brand set in /config, over its theme: `encodeURIComponent` of a JSON object
   * `BrandOverride` (absent when the network keeps its theme's brand).
   */
  brand: 'x-brand',
} as const;

/** The /config brand fields that replace the theme's (each absent = the theme's). */
export interface BrandOverride {
  name?: string;
  /** Address of the uploaded logo (GET /api/tenant-logos/{tenantPk}/{version}). */
  logo?: string;
  /** #rrggbb */
  primary?: string;
  /** #rrggbb */
  dark?: string;
}
