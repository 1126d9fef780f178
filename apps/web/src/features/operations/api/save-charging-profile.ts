import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargingProfileSave } from '@recarga/contracts/charging-profiles';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

interface Saved {
  chargingProfilePk: number;
  message: string;
}

/** POST /api/charging_profiles/ (pk null) or PUT /api/charging_profiles/ with the pk in the body. */
function saveChargingProfile(pk: number | null, body: ChargingProfileSave) {
  return apiClient.request<Saved>(
    pk === null
      ? { method: 'POST', path: 'charging_profiles/', body }
      : { method: 'PUT', path: 'charging_profiles/', body: { ...body, chargingProfilePk: pk } },
  );
}

export function useSaveChargingProfile(pk: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChargingProfileSave) => saveChargingProfile(pk, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: operationKeys.profiles() });
      void queryClient.invalidateQueries({ queryKey: operationKeys.profile(answer.chargingProfilePk) });
    },
  });
}
