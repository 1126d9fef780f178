import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

export interface VirtualGroupRename {
  name: string;
  description: string;
  tenant_id?: number;
}

/** PUT /gateway/virtual-groups/{id}: name and description. */
function updateVirtualGroup(id: number, body: VirtualGroupRename): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({ service: 'gateway', method: 'PUT', path: `virtual-groups/${id}`, body });
}

export function useUpdateVirtualGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VirtualGroupRename) => updateVirtualGroup(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
      // A picker page cached before this change would show stale locks: dropped, not refreshed in view.
      queryClient.removeQueries({ queryKey: virtualGroupKeys.pickers() });
    },
  });
}
