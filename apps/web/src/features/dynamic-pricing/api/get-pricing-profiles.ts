import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingProfileList } from '@recarga/contracts/dynamic-pricing';
import { apiClient } from '../../../lib/api-client';
import { pricingKeys } from './pricing-keys';

export type PricingProfile = PricingProfileList['dynamicPricingList'][number];

/** GET /api/dynamic-pricing/: the profiles of the caller's networks, with their applied chargers and version. */
async function getPricingProfiles(signal?: AbortSignal): Promise<PricingProfile[]> {
  const answer = await apiClient.request<PricingProfileList>({ path: 'dynamic-pricing/', signal });
  if (answer.error) throw new Error(answer.error);
  return answer.dynamicPricingList;
}

export function usePricingProfiles() {
  return useQuery(queryOptions({ queryKey: pricingKeys.list(), queryFn: ({ signal }) => getPricingProfiles(signal) }));
}
