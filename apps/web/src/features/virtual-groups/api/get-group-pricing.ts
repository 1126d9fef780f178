import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupPricingAnswer } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** GET /gateway/virtual-groups/dynamic-pricing/{id}: on or off and the three connectors' profiles. */
function getGroupPricing(id: number, signal?: AbortSignal): Promise<GroupPricingAnswer> {
  return apiClient.request<GroupPricingAnswer>({ service: 'gateway', path: `virtual-groups/dynamic-pricing/${id}`, signal });
}

/** Asked again on every mount: the pricing form takes its values once, from the setting as it is now. */
export function useGroupPricing(id: number) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.pricing(id),
      queryFn: ({ signal }) => getGroupPricing(id, signal),
      refetchOnMount: 'always',
    }),
  );
}
