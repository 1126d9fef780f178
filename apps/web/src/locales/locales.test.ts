import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = dirname(fileURLToPath(import.meta.url));
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function namespacesOf(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

/** Flattens nested objects and arrays into dotted leaf keys (`login.errors.generic`, `sections.0.title`). */
function leafKeys(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of leafKeys(child, prefix ? `${prefix}.${key}` : key)) out.set(leaf, leafValue);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, unknown> {
  return leafKeys(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')));
}

const allNamespaces = [...new Set(languages.flatMap(namespacesOf))].sort();

/** The web app's .ts and .tsx sources (tests left out), as [path, text]. */
function sourceFiles(dir: string): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [[path, readFileSync(path, 'utf8')]] : [];
  });
}

describe('locales', () => {
  it('lists the five product languages, when the locale folders are read', () => {
    expect(languages).toEqual(['br', 'en', 'es-CO', 'es-EC', 'es-UY']);
  });

  it.each(languages)('has every namespace, for language %s', (language) => {
    expect(namespacesOf(language)).toEqual(allNamespaces);
  });

  it('names every namespace in the Namespace type, when lib/i18n.ts is read', () => {
    const source = readFileSync(join(root, '../lib/i18n.ts'), 'utf8');
    const union = /export type Namespace =([^;]*);/.exec(source)![1]!;
    expect([...union.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort()).toEqual(allNamespaces);
  });

  // Texts load per namespace (lib/i18n.ts): a namespace named nowhere it is used would show keys.
  const sources = sourceFiles(join(root, '..'));
  const declared = (text: string) =>
    new Set(
      [...text.matchAll(/useTranslation\((\[[^\]]*\]|'\w+')/g), ...text.matchAll(/loadTexts\((\[[^\]]*\])/g)].flatMap((m) =>
        [...m[1]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!),
      ),
    );

  it('asks only for namespaces that exist, in every useTranslation and route of the sources', () => {
    const unknown = sources.flatMap(([file, text]) =>
      [...declared(text)].filter((ns) => !allNamespaces.includes(ns)).map((ns) => `${file}: ${ns}`),
    );
    expect(unknown).toEqual([]);
  });

  it("reads another namespace's key ('ns:key') only where that namespace is asked for, or loaded at start-up", () => {
    const startup = /export const startupNamespaces = \[([^\]]*)\]/.exec(readFileSync(join(root, '../lib/i18n.ts'), 'utf8'))![1]!;
    const always = new Set([...startup.matchAll(/'(\w+)'/g)].map((m) => m[1]!));
    const missing = sources.flatMap(([file, text]) => {
      const asked = declared(text);
      // Read by a call of this file (t, exists): its namespace must be asked for here.
      const called = [...text.matchAll(/\b(?:t|exists)\(['"`](\w+):/g)]
        .map((m) => m[1]!)
        .filter((ns) => allNamespaces.includes(ns) && !asked.has(ns) && !always.has(ns))
        .map((ns) => `${file}: ${ns} read without asking for it`);
      // A key held as data (a route's menu label or title) is read wherever the data goes: start-up's only.
      const held = [...text.matchAll(/(?<!\b(?:t|exists)\()['"](\w+):[\w.]+['"]/g)]
        .map((m) => m[1]!)
        .filter((ns) => allNamespaces.includes(ns) && !always.has(ns))
        .map((ns) => `${file}: ${ns} key held as data`);
      return [...called, ...held];
    });
    expect(missing).toEqual([]);
  });

  it.each(allNamespaces)('has the same keys in every language, for namespace %s', (namespace) => {
    const keysByLanguage = new Map(languages.map((language) => [language, load(language, namespace)]));
    const union = new Set([...keysByLanguage.values()].flatMap((keys) => [...keys.keys()]));
    const missing: string[] = [];
    for (const [language, keys] of keysByLanguage) {
      for (const key of union) if (!keys.has(key)) missing.push(`${language}:${namespace}.${key}`);
    }
    expect(missing).toEqual([]);
  });

  it.each(allNamespaces)('has no empty or non-text values, for namespace %s', (namespace) => {
    const bad: string[] = [];
    for (const language of languages) {
      for (const [key, value] of load(language, namespace)) {
        if (typeof value !== 'string' || value.trim() === '') bad.push(`${language}:${namespace}.${key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('uses the same interpolation variables in every language, when a text has placeholders', () => {
    const mismatches: string[] = [];
    const vars = (text: unknown) =>
      [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const namespace of allNamespaces) {
      const reference = load('br', namespace);
      for (const language of languages) {
        for (const [key, value] of load(language, namespace)) {
          if (reference.has(key) && vars(reference.get(key)) !== vars(value)) mismatches.push(`${language}:${namespace}.${key}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the exact texts the specification quotes, each in its own language: English quotes in en, Portuguese in br', () => {
    const auth = load('en', 'auth');
    const shell = load('en', 'shell');
    const notifications = load('en', 'notifications');
    const stations = load('en', 'stations');
    expect(auth.get('login.success')).toBe('Login successfully!');
    expect(auth.get('login.errors.unauthorized')).toBe(
      'Unable to log in. Please check if the email or password is correct, if the user has permission, or if there is a linked station.',
    );
    expect(auth.get('login.errors.forbidden')).toBe('User without permission/blocked. Contact the administrator.');
    expect(auth.get('login.errors.generic')).toBe('Error when trying to Login.');
    expect(auth.get('recover.failure')).toBe('Check if the email entered exists.');
    expect(auth.get('recover.success')).toBe('Check the code in your email.');
    expect(auth.get('change.expired')).toBe('The code has expired.');
    expect(auth.get('change.tooManyAttempts')).toBe('Exceeded number of attempts');
    expect(auth.get('change.invalidCode')).toBe('Check that the entered code is valid.');
    expect(auth.get('change.redirecting')).toBe('You will be redirected to the Login screen.');
    expect(auth.get('change.success')).toBe('Password changed successfully!');
    expect(shell.get('cookies.accept')).toBe('I Understand');
    expect(shell.get('userMenu.profile')).toBe('View profile');
    expect(stations.get('form.created')).toBe('Station created successfully!');
    expect(stations.get('form.required')).toBe('Required field');
    expect(notifications.get('events.StationBooted')).toBe('Station started');
    expect(notifications.get('events.Warning')).toBe('Short Recharge');
    // Portuguese quotes stay exact in br.
    expect(load('br', 'shell').get('logout.success')).toBe('Logout efetuado com sucesso!');
    expect(load('br', 'shell').get('menu.rateio')).toBe('Rateio');
  });

  /**
   * Values that are rightly the same in English and the other languages: brand and product names,
   * document types, units, and words spelt alike (Total, Latitude, General…).
   */
  const sameInEveryLanguage = new Set([
    'E-mail',
    'kg',
    'kWh',
    '/kWh',
    '/min',
    '{{km}} km',
    'Total',
    'Total: {{count}}',
    'Rateio',
    'Latitude',
    'Longitude',
    'Individual',
    'General',
    'Error',
    'ChargeBox ID',
    'Firmware',
    'Watts (W)',
    'NF',
    'Tag',
    'Voucher',
    'Mercado Pago',
    'Pix (Mercado Pago)',
    'Pagos Terpel',
    'Ticket Log',
    'CPF',
    'CNPJ',
    'NIT',
    'RUC',
    'RUT',
    'Colombia',
    'Ecuador',
    'Uruguay',
  ]);

  it.each(languages.filter((l) => l !== 'en'))('speaks its own language, for %s: no text is left in English', (language) => {
    const english: string[] = [];
    for (const namespace of allNamespaces) {
      const en = load('en', namespace);
      for (const [key, value] of load(language, namespace)) {
        if (value === en.get(key) && !sameInEveryLanguage.has(String(value))) english.push(`${namespace}.${key}: ${String(value)}`);
      }
    }
    expect(english).toEqual([]);
  });
});
