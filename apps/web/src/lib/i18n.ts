import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setDateLanguage } from './format/date-time';
import { defaultLanguage, isAppLanguage, languageTag, type AppLanguage } from './languages';

const namespaces = [
  'common',
  'auth',
  'shell',
  'notifications',
  'home',
  'legal',
  'stations',
  'stationGroups',
  'users',
  'transactions',
  'map',
  'alerts',
  'indicators',
  'plugShare',
] as const;

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] = { ...(resources[language] ?? {}), [namespace]: content };
  }
  return resources;
}

/** Starts i18next with every bundled locale; the theme picks the language. */
export async function initI18n(language: AppLanguage): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: defaultLanguage,
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
