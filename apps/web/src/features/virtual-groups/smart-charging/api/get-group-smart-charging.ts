import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSmartCharging } from '@recarga/contracts/smart-charging';
import { apiClient } from '../../../../lib/api-client';
import { smartChargingKeys } from './smart-charging-keys';

/** GET /gateway/virtual-groups/smart-charging/{id}: the group's record (ids null without one) and the load manager's latest plan. */
function getGroupSmartCharging(groupId: number, signal?: AbortSignal): Promise<GroupSmartCharging> {
  return apiClient.request<GroupSmartCharging>({ service: 'gateway', path: `virtual-groups/smart-charging/${groupId}`, signal });
}

/**
 * How often the plan is read without news from the live connection: a backstop, since each new plan
 * arrives on /live (smart-charging/live/use-live-plan.ts).
 */
export const PLAN_BACKSTOP_MS = 60_000;

/**
 * Asked again on every mount: the form takes its values once and waits for `isFetchedAfterMount`.
 * Read again on each live plan and every PLAN_BACKSTOP_MS.
 */
export function useGroupSmartCharging(groupId: number) {
  return useQuery(
    queryOptions({
      queryKey: smartChargingKeys.group(groupId),
      queryFn: ({ signal }) => getGroupSmartCharging(groupId, signal),
      refetchOnMount: 'always',
      refetchInterval: PLAN_BACKSTOP_MS,
    }),
  );
}
