import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VirtualGroupCreate } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

interface VirtualGroupCreated {
  virtual_group_id: number;
  message: string;
}

/** POST /gateway/virtual-groups: the group, its chargers and its pricing, all or nothing. */
function createVirtualGroup(body: VirtualGroupCreate): Promise<VirtualGroupCreated> {
  return apiClient.request<VirtualGroupCreated>({ service: 'gateway', method: 'POST', path: 'virtual-groups', body });
}

export function useCreateVirtualGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVirtualGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
      // A picker page cached before this change would show stale locks: dropped, not refreshed in view.
      queryClient.removeQueries({ queryKey: virtualGroupKeys.pickers() });
    },
  });
}
