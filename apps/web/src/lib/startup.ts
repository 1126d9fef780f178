import { resolveStartupSettings } from './startup-settings';
import { setRuntimeSettings, type RuntimeSettings } from './runtime-settings';
import { storageKeys } from './storage-keys';
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
export async function startUp(): Promise<RuntimeSettings> {
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
  writeStorage(storageKeys.apiKey, settings.apiKey);
  writeStorage(storageKeys.theme, settings.theme);
  writeStorage(storageKeys.termsOfUse, settings.termsOfUse);
  writeStorage(storageKeys.deepLinkHost, settings.deepLinkHost);
  setRuntimeSettings(settings);

  const theme = getTheme(settings.theme);
  setFavicon(theme.favicon);
  document.title = 'Dashboard';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.brandDark);
  return settings;
}
