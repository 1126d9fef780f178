/** Interface languages: `br` (default), English and three Spanish variants chosen by the theme. */
export const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'] as const;
export type AppLanguage = (typeof languages)[number];
export const defaultLanguage: AppLanguage = 'br';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** BCP-47 tag of each interface language: `br` is a name for pt-BR (as a tag it would be Breton). */
const languageTags: Record<AppLanguage, string> = {
  br: 'pt-BR',
  en: 'en',
  'es-CO': 'es-CO',
  'es-EC': 'es-EC',
  'es-UY': 'es-UY',
};

/**
 * The BCP-47 tag of an interface language (i18next's `i18n.language`), for the document, number
 * formatting, collation, plural rules and the captcha widget; the default language's tag when
 * the code is not one of ours.
 */
export function languageTag(language: string | undefined): string {
  return languageTags[isAppLanguage(language) ? language : defaultLanguage];
}
