import br from '../locales/br.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import esCO from '../locales/es-CO.json' with { type: 'json' };
import esEC from '../locales/es-EC.json' with { type: 'json' };
import esUY from '../locales/es-UY.json' with { type: 'json' };

const serverLocales: Record<string, Record<string, string>> = { br, en, 'es-CO': esCO, 'es-EC': esEC, 'es-UY': esUY };

/** Texts the server sends to people (mail, documents), in the tenant's language; br is the default. */
export function t(language: string, key: string, vars: Record<string, string | number> = {}): string {
  const text = serverLocales[language]?.[key] ?? serverLocales.br![key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
