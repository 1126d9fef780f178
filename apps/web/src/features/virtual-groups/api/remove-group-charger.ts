import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** DELETE /gateway/virtual-groups/charge-boxs/{virtual_group_charge_box_id}: the charger leaves the group. */
function removeGroupCharger(membershipId: number): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({
    service: 'gateway',
    method: 'DELETE',
    path: `virtual-groups/charge-boxs/${membershipId}`,
  });
}

export function useRemoveGroupCharger(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupCharger,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.chargers(groupId) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.detail(groupId) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
      // A picker page cached before this change would show stale locks: dropped, not refreshed in view.
      queryClient.removeQueries({ queryKey: virtualGroupKeys.pickers() });
    },
  });
}
