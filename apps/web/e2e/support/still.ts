import type { BrowserContext, Locator, Page } from 'playwright-core';

/*
 * "The page has stopped moving", as a condition instead of a guessed pause: fonts loaded, images
 * complete, no finite CSS transition or animation running (infinite spinners do not count), and no
 * requestAnimationFrame callback pending on two polls in a row (the dashboard's count-up, Leaflet's
 * zoom and ECharts' entry animations are frame loops that stop when they land).
 */

declare global {
  interface Window {
    /** Animation-frame callbacks requested and not yet run or cancelled (trackAnimationFrames). */
    __pendingFrames?: () => number;
    __stillPolls?: number;
  }
}

/** Counts the page's pending animation-frame callbacks; installed in every test context (browser.ts). */
export async function trackAnimationFrames(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    const pending = new Set<number>();
    window.requestAnimationFrame = (callback) => {
      const id = request((time) => {
        pending.delete(id);
        callback(time);
      });
      pending.add(id);
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      pending.delete(id);
      cancel(id);
    };
    window.__pendingFrames = () => pending.size;
  });
}

/** Resolves once the page is still (see above); throws after `timeout` ms naming what still moves. */
export async function waitForStill(page: Page, timeout = 15_000): Promise<void> {
  await page.evaluate(() => (window.__stillPolls = 0));
  try {
    await page.waitForFunction(
      () => {
        const moving = document.getAnimations().some((a) => {
          if (a.playState !== 'running') return false;
          const end = a.effect?.getComputedTiming().endTime;
          return typeof end === 'number' && Number.isFinite(end);
        });
        const still =
          document.fonts.status === 'loaded' &&
          [...document.images].every((img) => img.complete) &&
          !moving &&
          (window.__pendingFrames?.() ?? 0) === 0;
        window.__stillPolls = still ? (window.__stillPolls ?? 0) + 1 : 0;
        return window.__stillPolls >= 2;
      },
      null,
      // Interval polling: 'raf' polling would itself keep an animation frame pending.
      { polling: 50, timeout },
    );
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        fonts: document.fonts.status,
        loadingImages: [...document.images].filter((img) => !img.complete).map((img) => img.src),
        animations: document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.id),
        pendingFrames: window.__pendingFrames?.() ?? 0,
      }))
      .catch(() => null);
    throw new Error(`The page did not become still within ${timeout} ms: ${JSON.stringify(state)}`, { cause: error });
  }
}

/**
 * Resolves once the finite CSS transitions and animations running in this element (and below it)
 * have finished: a colour transition after a state change, a toast's entry. Asking for the
 * animations flushes pending style changes, so a transition the last change started is included.
 */
export async function waitForAnimations(element: Locator): Promise<void> {
  await element.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Clicks a button of a dialog once the dialog has finished zooming in. A click while it still
 * moves can land beside the button on a loaded machine (seen in CI: the click did nothing).
 */
export async function clickInDialog(button: Locator): Promise<void> {
  const dialog = button.locator('xpath=ancestor::*[@role="dialog"][1]');
  await dialog.waitFor();
  await waitForAnimations(dialog);
  await button.click();
}
