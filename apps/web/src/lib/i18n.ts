import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setDateLanguage } from './format/date-language';
import { isAppLanguage, languageTag, type AppLanguage } from './languages';

/** Every namespace: one text file per language and namespace in src/locales. */
export type Namespace =
  | 'common'
  | 'auth'
  | 'shell'
  | 'notifications'
  | 'home'
  | 'legal'
  | 'qrcode'
  | 'bridge'
  | 'stations'
  | 'stationGroups'
  | 'users'
  | 'transactions'
  | 'map'
  | 'alerts'
  | 'indicators'
  | 'plugShare'
  | 'tags'
  | 'operations'
  | 'dynamicPricing'
  | 'virtualGroups'
  | 'financial'
  | 'logs'
  | 'vouchers'
  | 'support'
  | 'push'
  | 'contact'
  | 'config'
  | 'admin';

/** Loaded before the first screen is drawn: what the shell, its header and the sign-in pages use. */
export const startupNamespaces = ['common', 'shell', 'notifications'] as const;

/**
 * One file per language and namespace, each its own chunk: start-up fetches the active language's
 * start-up namespaces, and a screen fetches its own (the route table asks for them beside the
 * screen's code; `useTranslation` of a namespace not loaded yet suspends until it is). Before, every
 * namespace of the language came in one chunk on every page (31 KB gzip; issue 40 item 20).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Fetches these namespaces of the active language (a screen's texts beside its code); resolves at
 * once for namespaces already loaded. A failed fetch resolves too: the screen then suspends on it
 * and i18next retries.
 */
export function loadTexts<T>(namespaces: readonly Namespace[], code: Promise<T>): Promise<T> {
  return Promise.all([code, i18n.loadNamespaces([...namespaces]).catch(() => undefined)]).then(([module]) => module);
}

/** Starts i18next with the language the theme picks (its start-up texts loaded first). */
export async function initI18n(language: AppLanguage): Promise<typeof i18n> {
  await i18n
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...startupNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // No advertisement in the operator's browser console.
      showSupportNotice: false,
    });
  applyPluralRulesOfLanguageTags(i18n);
  document.documentElement.lang = languageTag(language);
  setDateLanguage(languageTag(language));
  return i18n;
}

/**
 * i18next picks plural rules by language code, and `br` is Breton's code (plural forms one, two,
 * few, many, other): `_one`/`_other` keys would miss for 3, 4 or 9. The app's codes are names, not
 * BCP-47 tags, so plural rules follow `languageTag` (br -> pt-BR) instead.
 */
export function applyPluralRulesOfLanguageTags(instance: typeof i18n): void {
  const resolver = instance.services.pluralResolver as { getRule(code: string, options?: object): unknown; __tagged?: boolean };
  if (resolver.__tagged) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code: string, options?: object) => getRule(isAppLanguage(code) ? languageTag(code) : code, options);
  resolver.__tagged = true;
}
