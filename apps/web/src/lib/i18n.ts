import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setDateLanguage } from './format/date-language';
import { isAppLanguage, languageTag, type AppLanguage } from './languages';

const namespaces = [
  'common',
  'auth',
  'shell',
  'notifications',
  'home',
  'legal',
  'qrcode',
  'bridge',
  'stations',
  'stationGroups',
  'users',
  'transactions',
  'map',
  'alerts',
  'indicators',
  'plugShare',
  'tags',
  'operations',
  'dynamicPricing',
  'virtualGroups',
  'financial',
  'logs',
  'vouchers',
  'support',
  'push',
  'contact',
  'config',
  'admin',
] as const;

/**
 * One loader per language, each bringing all of that language's namespaces as one chunk: only the
 * active language's texts are downloaded.
 */
const loaders: Record<AppLanguage, () => Promise<Record<string, Record<string, unknown>>>> = {
  br: () => import('../locales/br/index'),
  en: () => import('../locales/en/index'),
  'es-CO': () => import('../locales/es-CO/index'),
  'es-EC': () => import('../locales/es-EC/index'),
  'es-UY': () => import('../locales/es-UY/index'),
};

/** The active language only: locales.test.ts keeps every key present in every language. */
async function loadResources(language: AppLanguage): Promise<Resource> {
  const module = await loaders[language]();
  return { [language]: Object.fromEntries(namespaces.map((ns) => [ns, module[ns] ?? {}])) };
}

/** Starts i18next with the language the theme picks (its texts loaded first). */
export async function initI18n(language: AppLanguage): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: await loadResources(language),
    lng: language,
    fallbackLng: false,
    load: 'currentOnly',
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
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
