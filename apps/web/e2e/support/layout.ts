import type { Page } from 'playwright-core';

/**
 * Sideways scrolling of the page (what scrolls inside a table's own box does not count): null when
 * the page fits, else the widths and the first elements sticking out.
 */
export async function scrollsSideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= window.innerWidth) return null;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.getClientRects().length > 0)
      .filter((el) => !el.closest('.ant-table-content, .ant-table-body'))
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return `${root.scrollWidth}px > ${window.innerWidth}px: ${wide.join(', ')}`;
  });
}
