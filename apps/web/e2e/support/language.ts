import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/*
 * One language per screen: a Brazilian operator sees no English, a Colombian neither. A screen's
 * text that is an interface text of another locale (a value of `en`, or of the other language, that
 * the page's own locale says differently) is foreign; so are the other language's letters, icons a
 * screen reader names after their English file name and dates written the ISO way.
 */

const localesDir = new URL('../../src/locales/', import.meta.url);

function leaves(value: unknown, out: Map<string, string>, prefix = ''): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, out, prefix ? `${prefix}.${key}` : key);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  }
  return out;
}

function locale(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(new URL(`${language}/`, localesDir)).filter((f) => f.endsWith('.json'))) {
    const content = JSON.parse(readFileSync(new URL(`${language}/${file}`, localesDir), 'utf8')) as unknown;
    for (const [key, text] of leaves(content, new Map())) all.set(`${file}:${key}`, text);
  }
  return all;
}

/** The interface texts of `others` that `language` writes differently (placeholders cut off). */
export function foreignTexts(language: string, others: string[]): Set<string> {
  const own = locale(language);
  // A word both languages write the same way ('Data' is English data and Portuguese date) is the
  // language's own wherever its locale uses it.
  const ownTexts = new Set(own.values());
  // A piece made only of words the language itself writes ('depósitos' is Portuguese and Spanish) is its own.
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean);
  const ownWords = new Set([...ownTexts].flatMap(wordsOf));
  const texts = new Set<string>();
  for (const other of others) {
    // English shares few words with either language; Portuguese and Spanish share many.
    const sharedWords = other !== 'en';
    for (const [key, text] of locale(other)) {
      if (own.get(key) === text || ownTexts.has(text)) continue;
      // The fixed part of a text with placeholders ('{{n}} stations' → 'stations').
      for (const part of text.split(/\{\{[^}]+\}\}/)) {
        const fixed = part
          .trim()
          .replace(/^[(:·,-]+|[):·,-]+$/g, '')
          .trim();
        if (
          fixed.length >= 4 &&
          /[a-z]{3}/i.test(fixed) &&
          !ownTexts.has(fixed) &&
          !(sharedWords && wordsOf(fixed).every((w) => ownWords.has(w)))
        )
          texts.add(fixed);
      }
    }
  }
  return texts;
}

/**
 * The interface texts' keys, as i18next shows a key it has no text for ('list.title', 'tags:menu'):
 * every key path of the language's files, with and without its namespace, except those that are
 * also a text of some locale (a key named like its word).
 */
export function interfaceKeys(language: string): Set<string> {
  const languages = readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const texts = new Set(languages.flatMap((other) => [...locale(other.name).values()]));
  const keys = new Set<string>();
  for (const fileKey of locale(language).keys()) {
    const [file, key] = fileKey.split(':') as [string, string];
    for (const shown of [key, `${file.replace(/\.json$/, '')}:${key}`]) if (!texts.has(shown) && shown.length >= 4) keys.add(shown);
  }
  return keys;
}

/**
 * Letters one language writes and the other never does: a Colombian screen with "ã", "õ" or "ç"
 * shows Portuguese; a Brazilian one with "ñ", "¿" or "¡" shows Spanish.
 */
export const foreignLetters: Record<string, RegExp> = { br: /[ñ¿¡]/, 'es-CO': /[ãõç]/ };

/** The page's visible texts, one per text node and per accessible label. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"]')) continue;
      if (parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * What a screen says in another language than `language`: another locale's interface texts, the
 * other language's letters, icons that a screen reader names after their English file name
 * ("search", "download"), and dates written the ISO way instead of the language's.
 */
export async function foreignOn(page: Page, path: string, language: string, foreign: Set<string>): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await pageTexts(page)) {
    if (foreign.has(text)) found.add(text);
    for (const piece of text.split(/[()·:|]/).map((p) => p.trim())) if (foreign.has(piece)) found.add(piece);
    if (foreignLetters[language]!.test(text)) found.add(`letters: ${text}`);
    if (/\b\d{4}-\d{2}-\d{2}\b/.test(text)) found.add(`ISO date: ${text}`);
  }
  const namedIcons = await page.evaluate(() =>
    [...document.querySelectorAll('.anticon[aria-label]')]
      .filter((icon) => !icon.closest('[aria-hidden="true"]') && icon.classList.contains(`anticon-${icon.getAttribute('aria-label')}`))
      .map((icon) => icon.getAttribute('aria-label')!),
  );
  for (const name of namedIcons) found.add(`icon named "${name}"`);
  return [...found].map((text) => `${path}: ${text}`);
}

/** Keys shown instead of their texts (`keys` from interfaceKeys) on the page, its title included. */
export async function keysOn(page: Page, path: string, keys: Set<string>): Promise<string[]> {
  const shown = [...(await pageTexts(page)), await page.title()].flatMap((text) => [text, ...text.split(/ — /)]);
  return [...new Set(shown.filter((text) => keys.has(text)))].map((text) => `${path}: a key without its text: ${text}`);
}
