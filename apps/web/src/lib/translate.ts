/** A translation function of one namespace: what i18next's `t` is to a screen, in its smallest form. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(texts: Record<string, unknown>, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The texts of one namespace as a `Translate`: dotted keys, `{{name}}` values filled in as i18next
 * does (no escaping: React escapes). A missing key answers the key itself, as i18next does, so a
 * gap shows instead of vanishing; the locales test keeps every key present in every language.
 */
export function createTranslate(texts: Record<string, unknown>): Translate {
  return (key, values) => {
    const text = lookup(texts, key);
    if (typeof text !== 'string') return key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
