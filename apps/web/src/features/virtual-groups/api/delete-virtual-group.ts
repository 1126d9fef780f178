import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** DELETE /gateway/virtual-groups/{id}: its chargers are free again. */
function deleteVirtualGroup(id: number): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({ service: 'gateway', method: 'DELETE', path: `virtual-groups/${id}` });
}

export function useDeleteVirtualGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVirtualGroup,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: virtualGroupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
      // A picker page cached before this change would show stale locks: dropped, not refreshed in view.
      queryClient.removeQueries({ queryKey: virtualGroupKeys.pickers() });
    },
  });
}
