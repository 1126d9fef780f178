import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupSave } from '@recarga/contracts/station-groups';
import { apiClient } from '../../../lib/api-client';
import type { GroupDetail } from './get-group';
import { groupKeys } from './group-keys';

interface SaveAnswer {
  message: string;
  chargePointGroup: GroupDetail;
}

/** POST /api/chargepoint-groups/ (pk null) or PUT /api/chargepoint-groups/{id}/. */
function saveGroup(pk: number | null, body: GroupSave): Promise<SaveAnswer> {
  return apiClient.request<SaveAnswer>(
    pk === null ? { method: 'POST', path: 'chargepoint-groups/', body } : { method: 'PUT', path: `chargepoint-groups/${pk}/`, body },
  );
}

export function useSaveGroup(pk: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupSave) => saveGroup(pk, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(groupKeys.detail(answer.chargePointGroup.chargeBoxGroupPk), answer.chargePointGroup);
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      // The station screens keep their own group pickers.
      void queryClient.invalidateQueries({ queryKey: ['stations', 'groupOptions'] });
    },
  });
}
