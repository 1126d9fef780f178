import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { testServer } from './server';
import { trackAnimationFrames } from './still';

export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** `http://localhost:<port>` (theme move) or `http://<tenant>.localhost:<port>` for a tenant host. */
export function appUrl(path = '/', tenantHost?: string): string {
  const host = tenantHost ? `${tenantHost}.localhost` : 'localhost';
  return `http://${host}:${testServer().port}${path}`;
}

export interface BrowserOptions {
  /** Pre-accept the cookie notice so the bar does not cover the page (default true). */
  acceptCookies?: boolean;
  viewport?: { width: number; height: number };
  /**
   * Let dialogs, menus and toasts animate (default false: the pages run as for a person who asked
   * their system for reduced motion, and the app turns antd's motion off). A click on a dialog or
   * menu still zooming in could miss on a loaded machine; the files that test motion itself turn it on.
   */
  motion?: boolean;
}

export interface BrowserState {
  context: BrowserContext;
  page: Page;
}

/**
 * One browser per test file, a fresh context (empty storage) per test. Returns the live state
 * object; read `state.page` inside tests.
 */
export function useBrowser(options: BrowserOptions = {}): BrowserState {
  let browser: Browser | undefined;
  const violations: string[] = [];
  const state = {} as BrowserState;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    state.context = await browser!.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: options.motion ? 'no-preference' : 'reduce',
    });
    await trackAnimationFrames(state.context);
    if (options.acceptCookies !== false) {
      await state.context.addInitScript(() => {
        window.localStorage.setItem('cookie-accept', String(Date.now() + 365 * 24 * 3600 * 1000));
      });
    }
    state.page = await state.context.newPage();
    // E2E_CPU_THROTTLE=4: each page runs four times slower, as on a loaded CI machine or a cheap
    // phone; races between a click and what it draws show up here first.
    const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 1);
    if (throttle > 1) {
      const cdp = await state.context.newCDPSession(state.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    // Every page of every browser test doubles as a check of the Content-Security-Policy.
    violations.length = 0;
    state.page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(message.text()))
        violations.push(message.text());
    });
  });
  afterEach(async () => {
    await state.context?.close();
    expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
  });
  return state;
}
