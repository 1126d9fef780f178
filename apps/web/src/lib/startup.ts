import { brandHeaderOf, resolveStartupSettings } from './startup-settings';
import { setRuntimeSettings, type RuntimeSettings } from './runtime-settings';
import { storageKeys } from './storage-keys';
import type { ThemeDefinition } from './theme/theme-definition';
import { getTheme } from './theme/themes';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); the app still runs with in-memory settings.
  }
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link#app-favicon');
  if (!link) {
    link = document.createElement('link');
    link.id = 'app-favicon';
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.type = 'image/svg+xml';
  link.href = href;
}

/**
 * Start-up: asks the app's own address for its settings headers, falls back to the build
 * settings, stores the results, and applies favicon and title.
 */
export async function startUp(): Promise<{ settings: RuntimeSettings; brand: ThemeDefinition }> {
  const origin = window.location.origin;
  let headers: Headers | null = null;
  try {
    const response = await fetch(`${origin}/`, { method: 'HEAD', cache: 'no-store' });
    headers = response.headers;
  } catch {
    headers = null;
  }
  const settings = resolveStartupSettings(headers, import.meta.env, origin, {
    apiKey: readStorage(storageKeys.apiKey),
    theme: readStorage(storageKeys.theme),
    termsOfUse: readStorage(storageKeys.termsOfUse),
    deepLinkHost: readStorage(storageKeys.deepLinkHost),
  });
  const brandHeader = brandHeaderOf(headers, readStorage(storageKeys.brand));
  writeStorage(storageKeys.apiKey, settings.apiKey);
  writeStorage(storageKeys.theme, settings.theme);
  writeStorage(storageKeys.termsOfUse, settings.termsOfUse);
  writeStorage(storageKeys.deepLinkHost, settings.deepLinkHost);
  writeStorage(storageKeys.brand, brandHeader);

  // The brand the app runs with: the host's theme, with the network's own brand (set in /config) over
  // it. The code for that comes only to networks that set one (most keep their theme's).
  let brand = getTheme(settings.theme);
  if (brandHeader) {
    try {
      const { applyBrandOverride, parseBrandOverride } = await import('./theme/brand-override');
      settings.brand = parseBrandOverride(brandHeader);
      brand = applyBrandOverride(brand, settings.brand);
    } catch {
      // Its code could not be fetched: the app still starts, in the theme's brand.
    }
  }
  setRuntimeSettings(settings);
  setFavicon(brand.favicon);
  document.title = 'Dashboard';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.palette.brandDark);
  return { settings, brand };
}
