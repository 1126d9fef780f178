import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, useBrowser } from './support/browser';
import { logins, signIn } from './support/auth';
import { waitForStill } from './support/still';

/*
 * One language per screen: a Brazilian operator sees no English, a Colombian neither. The main
 * routes are read in pt-BR (Move) and es-CO (Terpel); any text on the page that is an English
 * interface text (a value of the `en` locale that the page's own locale says differently) fails.
 */

const localesDir = new URL('../src/locales/', import.meta.url);

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

/** English interface texts that `language` writes differently (placeholders cut off). */
function englishTexts(language: string): Set<string> {
  const en = locale('en');
  const own = locale(language);
  // A word both languages write the same way ('Data' is English data and Portuguese date) is the
  // language's own wherever its locale uses it.
  const ownTexts = new Set(own.values());
  const texts = new Set<string>();
  for (const [key, text] of en) {
    if (own.get(key) === text || ownTexts.has(text)) continue;
    // The fixed part of a text with placeholders ('{{n}} stations' → 'stations').
    for (const part of text.split(/\{\{[^}]+\}\}/)) {
      const fixed = part
        .trim()
        .replace(/^[(:·,-]+|[):·,-]+$/g, '')
        .trim();
      if (fixed.length >= 4 && /[a-z]{3}/i.test(fixed)) texts.add(fixed);
    }
  }
  return texts;
}

/** The page's visible texts, one per text node and per accessible label. */
async function pageTexts(page: Page): Promise<string[]> {
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

const routes = ['/', '/stations', '/station_groups', '/transactions', '/indicators', '/alerts', '/stations/create'];

async function englishOn(page: Page, path: string, english: Set<string>, host?: string): Promise<string[]> {
  await page.goto(appUrl(path, host));
  await page.locator('#main-content').waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-loader, .ant-skeleton-active, .ant-spin-spinning'), null, {
    timeout: 20_000,
  });
  await waitForStill(page);
  const found = new Set<string>();
  for (const text of await pageTexts(page)) {
    // Whole texts, and the fixed parts of texts built from pieces ('(Available)', 'Heartbeat').
    if (english.has(text)) found.add(text);
    for (const piece of text.split(/[()·:|]/).map((p) => p.trim())) if (english.has(piece)) found.add(piece);
  }
  return [...found].map((text) => `${path}: ${text}`);
}

describe('one language per screen', () => {
  const browser = useBrowser();

  it('pt-BR (Move): the main routes show no English interface text', { timeout: 180_000 }, async () => {
    const { page } = browser;
    const english = englishTexts('br');
    // The texts the issue names are among those looked for.
    for (const text of ['Station started', 'Heartbeat', 'Available']) expect(english.has(text), text).toBe(true);
    await signIn(page, logins.admin, undefined, { at: null });
    const found: string[] = [];
    for (const path of routes) found.push(...(await englishOn(page, path, english)));
    expect(found).toEqual([]);
  });

  it('es-CO (Terpel): the main routes show no English interface text', { timeout: 180_000 }, async () => {
    const { page } = browser;
    const english = englishTexts('es-CO');
    await signIn(page, logins.terpelOperator, 'terpel', { at: null });
    const found: string[] = [];
    for (const path of ['/', '/stations', '/transactions', '/indicators', '/alerts'])
      found.push(...(await englishOn(page, path, english, 'terpel')));
    expect(found).toEqual([]);
  });
});
