import { expect } from 'vitest';
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

/** Waits until the number field labelled exactly `label` shows this value (whatever its decimals). */
export async function waitForNumberField(page: Page, label: string, value: number): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await expect
    .poll(
      async () => {
        const shown = await field.inputValue();
        return shown === '' ? null : Number(shown);
      },
      { message: `${label} shows ${value}`, timeout: 10_000 },
    )
    .toBe(value);
}
