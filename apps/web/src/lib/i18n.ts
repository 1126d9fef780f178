import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageTags, type AppLanguage } from './languages';

export const namespaces = [
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
export type Namespace = (typeof namespaces)[number];

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
  document.documentElement.lang = languageTags[language];
  return i18n;
}
