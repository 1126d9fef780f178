import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargingProfileDetail } from '@recarga/contracts/charging-profiles';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** GET /api/charging_profiles/{id}/ */
function getChargingProfile(pk: number, signal?: AbortSignal) {
  return apiClient.request<ChargingProfileDetail>({ path: `charging_profiles/${pk}/`, signal });
}

export function useChargingProfile(pk: number | null) {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.profile(pk ?? 0),
      queryFn: ({ signal }) => getChargingProfile(pk!, signal),
      enabled: pk !== null,
    }),
  );
}
