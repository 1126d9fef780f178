import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingDetailList } from '@recarga/contracts/dynamic-pricing';
import { apiClient } from '../../../lib/api-client';
import { pricingKeys } from './pricing-keys';

/** GET /api/dynamic-pricing/{uuid}/detail/: the profile's name, currency, time zone, version and every detail. */
function getPricingDetails(uuid: string, signal?: AbortSignal): Promise<PricingDetailList> {
  return apiClient.request<PricingDetailList>({ path: `dynamic-pricing/${encodeURIComponent(uuid)}/detail/`, signal });
}

export function usePricingDetails(uuid: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: pricingKeys.detail(uuid ?? ''),
      queryFn: ({ signal }) => getPricingDetails(uuid!, signal),
      enabled: Boolean(uuid),
      retry: false,
    }),
  );
}
