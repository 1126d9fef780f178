import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupPricing } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** PUT /gateway/virtual-groups/dynamic-pricing/{id}: enabled and the three profile ids. */
function saveGroupPricing(id: number, body: GroupPricing): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({ service: 'gateway', method: 'PUT', path: `virtual-groups/dynamic-pricing/${id}`, body });
}

export function useSaveGroupPricing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupPricing) => saveGroupPricing(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.pricing(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: virtualGroupKeys.lists() });
    },
  });
}
