import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargePointDetail, ChargePointSave } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

interface SaveAnswer {
  message: string;
  chargePointDetail: ChargePointDetail;
}

/** POST /api/chargepoints/ (pk null) or PUT /api/chargepoints/{id}/. */
function saveStation(pk: number | null, body: ChargePointSave): Promise<SaveAnswer> {
  return apiClient.request<SaveAnswer>(
    pk === null ? { method: 'POST', path: 'chargepoints/', body } : { method: 'PUT', path: `chargepoints/${pk}/`, body },
  );
}

export function useSaveStation(pk: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChargePointSave) => saveStation(pk, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(stationKeys.detail(answer.chargePointDetail.chargeBoxPk), answer.chargePointDetail);
      void queryClient.invalidateQueries({ queryKey: stationKeys.lists() });
    },
  });
}
