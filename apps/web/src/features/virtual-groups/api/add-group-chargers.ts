import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** POST /gateway/virtual-groups/charge-boxs/all: [{virtual_group_id, charge_box_id}] (DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES). */
function addGroupChargers(id: number, chargeBoxIds: number[]): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({
    service: 'gateway',
    method: 'POST',
    path: 'virtual-groups/charge-boxs/all',
    body: chargeBoxIds.map((charge_box_id) => ({ virtual_group_id: id, charge_box_id })),
  });
}

export function useAddGroupChargers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chargeBoxIds: number[]) => addGroupChargers(id, chargeBoxIds),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.chargers(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
      // A picker page cached before this change would show stale locks: dropped, not refreshed in view.
      queryClient.removeQueries({ queryKey: virtualGroupKeys.pickers() });
    },
  });
}
