import type { BrandOverride, CaptchaProvider } from '@recarga/contracts/startup';
import type { ThemeName } from './theme/theme-definition';

/** Settings the app runs with: start-up headers first, build settings as fallback. */
export interface RuntimeSettings {
  /** Operator backend base address (trailing slash). */
  apiBase: string;
  /** API gateway base address (trailing slash). */
  gatewayBase: string;
  /** Smart charging service base address (trailing slash). */
  smartBase: string;
  /** Live connection (websocket) address. */
  wsUrl: string;
  mapsKey: string;
  captchaProvider: CaptchaProvider;
  captchaSiteKey: string;
  qrcodeToken: string;
  apiKey: string;
  theme: ThemeName;
  /** The network's own brand over its theme (set in /config, start-up header `x-brand`); null = the theme's. */
  brand: BrandOverride | null;
  /** External terms-of-use link; empty when the built-in text is used. */
  termsOfUse: string;
  deepLinkHost: string;
  /** Leaflet tile template of every map: the server's MAP_TILE_URL, else the build setting, else OpenStreetMap. */
  mapTileUrl: string;
  /** The card provider's 3-D Secure script of the card-payment bridge page (build setting, else PagBank's production SDK). */
  threeDsScriptUrl: string;
}

let current: RuntimeSettings | null = null;

export function setRuntimeSettings(settings: RuntimeSettings): void {
  current = settings;
}

/** The settings resolved at start-up. Throws when called before start-up finished. */
export function getRuntimeSettings(): RuntimeSettings {
  if (!current) throw new Error('Runtime settings read before start-up finished');
  return current;
}
