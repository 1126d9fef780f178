/** Interface languages: `br` (default), English and three Spanish variants chosen by the theme. */
export const languages = ['br', 'en', 'es-CO', 'es-EC', 'es-UY'] as const;
export type AppLanguage = (typeof languages)[number];
export const defaultLanguage: AppLanguage = 'br';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** BCP-47 tag used for the document, number formatting and the captcha widget. */
export const languageTags: Record<AppLanguage, string> = {
  br: 'pt-BR',
  en: 'en',
  'es-CO': 'es-CO',
  'es-EC': 'es-EC',
  'es-UY': 'es-UY',
};
