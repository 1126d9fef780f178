import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingProfileList } from '@recarga/contracts/dynamic-pricing';
import { apiClient } from '../../../lib/api-client';
import type { ProfileOption } from '../model/usable-profiles';
import { virtualGroupKeys } from './virtual-group-keys';

/** GET /api/dynamic-pricing/: the pricing profiles of the caller's networks, for the group pickers (uuid, name). */
async function getPricingProfiles(signal?: AbortSignal): Promise<ProfileOption[]> {
  const answer = await apiClient.request<PricingProfileList>({ path: 'dynamic-pricing/', signal });
  return answer.dynamicPricingList.map(({ uuid, name, tenantPk }) => ({ uuid, name, tenantPk }));
}

export function usePricingProfiles() {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.profiles(),
      queryFn: ({ signal }) => getPricingProfiles(signal),
      staleTime: 30_000,
    }),
  );
}
