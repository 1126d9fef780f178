import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargingProfileListItem } from '@recarga/contracts/charging-profiles';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** GET /api/charging_profiles/ */
function getChargingProfiles(signal?: AbortSignal) {
  return apiClient.request<ChargingProfileListItem[]>({ path: 'charging_profiles/', signal });
}

export function useChargingProfiles() {
  return useQuery(queryOptions({ queryKey: operationKeys.profiles(), queryFn: ({ signal }) => getChargingProfiles(signal) }));
}
