import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** DELETE /api/chargepoints/{id}/ */
function deleteStation(pk: number): Promise<{ message: string }> {
  return apiClient.request({ method: 'DELETE', path: `chargepoints/${pk}/` });
}

export function useDeleteStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStation,
    onSuccess: (_answer, pk) => {
      queryClient.removeQueries({ queryKey: stationKeys.detail(pk) });
      void queryClient.invalidateQueries({ queryKey: stationKeys.lists() });
    },
  });
}
