import { captchaProviders, startupHeaders, THREE_DS_SCRIPT_URL_DEFAULT, type CaptchaProvider } from '@recarga/contracts/startup';
import type { RuntimeSettings } from './runtime-settings';
import { getTheme, isThemeName } from './theme/themes';

/** Build-time settings (Vite `VITE_*` variables). */
interface BuildSettings {
  VITE_API_BASE?: string;
  VITE_GATEWAY_BASE?: string;
  VITE_SMART_BASE?: string;
  VITE_WS_URL?: string;
  VITE_MAPS_KEY?: string;
  VITE_CAPTCHA_SITE_KEY?: string;
  VITE_CAPTCHA_PROVIDER?: string;
  VITE_QRCODE_TOKEN?: string;
  VITE_THEME?: string;
  VITE_MAP_TILE_URL?: string;
  VITE_THREE_DS_SCRIPT_URL?: string;
}

interface HeaderSource {
  get(name: string): string | null;
}

/** Values kept from an earlier start-up, used only when the start-up request itself failed. */
interface StoredStartup {
  apiKey?: string | null;
  theme?: string | null;
  termsOfUse?: string | null;
  deepLinkHost?: string | null;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** OpenStreetMap's public tiles: the product default when neither the server nor the build names a tile server. */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** `/live` on the page's own host, with ws: or wss: matching the page. */
export function sameOriginWebSocketUrl(origin: string, path = '/live'): string {
  const url = new URL(path, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function captchaProvider(value: string | undefined, siteKey: string): CaptchaProvider {
  if (value && (captchaProviders as readonly string[]).includes(value)) return value as CaptchaProvider;
  return siteKey ? 'recaptcha' : 'altcha';
}

/**
 * Merges the start-up response headers with the build settings. Headers win; an absent header
 * falls back to the build setting, then to the product default.
 */
export function resolveStartupSettings(
  headers: HeaderSource | null,
  env: BuildSettings,
  origin: string,
  stored: StoredStartup = {},
): RuntimeSettings {
  // When the request failed (headers null) the previous start-up's values stand in for headers.
  const fallback: Record<string, string | null | undefined> = headers
    ? {}
    : {
        [startupHeaders.apiKey]: stored.apiKey,
        [startupHeaders.theme]: stored.theme,
        [startupHeaders.termsOfUse]: stored.termsOfUse,
        [startupHeaders.deepLinkHost]: stored.deepLinkHost,
      };
  const header = (name: string) => nonEmpty(headers ? headers.get(name) : fallback[name]);
  const themeValue = header(startupHeaders.theme) ?? nonEmpty(env.VITE_THEME);
  const theme = getTheme(isThemeName(themeValue) ? themeValue : undefined);
  const captchaSiteKey = header(startupHeaders.captchaSiteKey) ?? nonEmpty(env.VITE_CAPTCHA_SITE_KEY) ?? '';
  return {
    apiBase: withTrailingSlash(nonEmpty(env.VITE_API_BASE) ?? '/api/'),
    gatewayBase: withTrailingSlash(nonEmpty(env.VITE_GATEWAY_BASE) ?? '/gateway/'),
    smartBase: withTrailingSlash(nonEmpty(env.VITE_SMART_BASE) ?? '/smart/'),
    wsUrl: nonEmpty(env.VITE_WS_URL) ?? sameOriginWebSocketUrl(origin),
    mapsKey: nonEmpty(env.VITE_MAPS_KEY) ?? '',
    captchaProvider: captchaProvider(header(startupHeaders.captchaProvider) ?? nonEmpty(env.VITE_CAPTCHA_PROVIDER), captchaSiteKey),
    captchaSiteKey,
    qrcodeToken: nonEmpty(env.VITE_QRCODE_TOKEN) ?? '',
    apiKey: header(startupHeaders.apiKey) ?? '',
    theme: theme.name,
    // Read by start-up from the x-brand header (brandHeaderOf), with the code that only branded networks need.
    brand: null,
    termsOfUse: header(startupHeaders.termsOfUse) ?? '',
    deepLinkHost: header(startupHeaders.deepLinkHost) ?? theme.deepLinkHost,
    mapTileUrl: header(startupHeaders.mapTileUrl) ?? nonEmpty(env.VITE_MAP_TILE_URL) ?? DEFAULT_MAP_TILE_URL,
    threeDsScriptUrl: nonEmpty(env.VITE_THREE_DS_SCRIPT_URL) ?? THREE_DS_SCRIPT_URL_DEFAULT,
  };
}

/**
 * The network's brand header (`x-brand`, set in /config) as sent, or — when the start-up request
 * failed — the one kept from the previous start-up; '' when the network keeps its theme's brand.
 */
export function brandHeaderOf(headers: HeaderSource | null, stored: string | null): string {
  return nonEmpty(headers ? headers.get(startupHeaders.brand) : stored) ?? '';
}
