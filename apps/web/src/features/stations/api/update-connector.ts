import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectorUpdate } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** PUT /api/chargepoints/{chargeBoxPk}/connector/{connectorId}/ (connector status: unusualStatus). */
function updateConnector(pk: number, connectorId: number, body: ConnectorUpdate): Promise<{ message: string }> {
  return apiClient.request({ method: 'PUT', path: `chargepoints/${pk}/connector/${connectorId}/`, body });
}

export function useUpdateConnector(pk: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectorId, body }: { connectorId: number; body: ConnectorUpdate }) => updateConnector(pk, connectorId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stationKeys.lists() });
    },
  });
}
