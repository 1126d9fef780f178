import type { Page } from 'playwright-core';

/** Fills the input of the form item labelled exactly `label`. */
export async function fillByLabel(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
}

/** Opens a tab of the station form (`data-testid="tab-<key>"`) and waits for its content. */
export async function openTab(page: Page, key: string): Promise<void> {
  await page.locator(`[data-testid="tab-${key}"]`).click();
  await page.locator('.ant-tabs-content-active').waitFor();
}
