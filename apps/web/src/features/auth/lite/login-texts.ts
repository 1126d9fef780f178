import type { AppLanguage } from '../../../lib/languages';

type Texts = Record<string, unknown>;
const json = (module: Promise<{ default: unknown }>) => module.then((m) => m.default as Texts);

/**
 * The texts the sign-in page reads (`auth`, `common` for the verification widget, `shell` for the
 * title, skip link and cookie bar), in the brand's language only: the app's whole catalogue loads
 * with the app, after signing in.
 */
const loaders: Record<AppLanguage, () => Promise<[Texts, Texts, Texts]>> = {
  br: () =>
    Promise.all([
      json(import('../../../locales/br/auth.json')),
      json(import('../../../locales/br/common.json')),
      json(import('../../../locales/br/shell.json')),
    ]),
  en: () =>
    Promise.all([
      json(import('../../../locales/en/auth.json')),
      json(import('../../../locales/en/common.json')),
      json(import('../../../locales/en/shell.json')),
    ]),
  'es-CO': () =>
    Promise.all([
      json(import('../../../locales/es-CO/auth.json')),
      json(import('../../../locales/es-CO/common.json')),
      json(import('../../../locales/es-CO/shell.json')),
    ]),
  'es-EC': () =>
    Promise.all([
      json(import('../../../locales/es-EC/auth.json')),
      json(import('../../../locales/es-EC/common.json')),
      json(import('../../../locales/es-EC/shell.json')),
    ]),
  'es-UY': () =>
    Promise.all([
      json(import('../../../locales/es-UY/auth.json')),
      json(import('../../../locales/es-UY/common.json')),
      json(import('../../../locales/es-UY/shell.json')),
    ]),
};

export async function loadLoginTexts(language: AppLanguage): Promise<{ auth: Texts; common: Texts; shell: Texts }> {
  const [auth, common, shell] = await loaders[language]();
  return { auth, common, shell };
}
