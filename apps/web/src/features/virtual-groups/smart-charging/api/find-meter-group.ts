import type { VirtualGroupRow } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../../lib/api-client';

const PAGE = 100;
/** Enough for any operator's configurations; beyond it the save's own check (409) still refuses a taken meter. */
const MAX_PAGES = 20;

/**
 * The configuration, other than `groupId` (null: a group still being created), whose smart charging
 * uses this meter; null when none.
 * Reads the configurations list (`meter_device_remote_id` per row, 002 §7), 100 a page.
 */
export async function findMeterGroup(
  deviceRemoteId: string,
  groupId: number | null,
  signal?: AbortSignal,
): Promise<VirtualGroupRow | null> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await apiClient.request<{ content: VirtualGroupRow[]; totalElements: number }>({
      service: 'gateway',
      path: 'virtual-groups/list',
      query: { page, size: PAGE },
      signal,
    });
    const holder = answer.content.find((g) => g.meter_device_remote_id === deviceRemoteId && g.virtual_group_id !== groupId);
    if (holder) return holder;
    if ((page + 1) * PAGE >= answer.totalElements) return null;
  }
  return null;
}
