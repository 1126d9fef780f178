import type { Locator, Page } from 'playwright-core';
import { waitForToast } from './auth';

/** Submits the station-group form, follows it back to the list and finds the new group's row there. */
export async function saveGroupAndFindRow(page: Page, name: string): Promise<Locator> {
  await page.locator('[data-testid="group-submit"]').click();
  await waitForToast(page, 'Grupo de estações criado com sucesso!');
  await page.waitForURL((url) => url.pathname === '/station_groups', { timeout: 10_000 });
  await page.locator('[data-testid="group-search"]').fill(name);
  const row = page.locator('.groups-table .ant-table-row', { hasText: name });
  await row.waitFor({ timeout: 10_000 });
  return row;
}
