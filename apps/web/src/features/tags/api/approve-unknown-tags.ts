import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

export interface UnknownTagRef {
  id_tag: string;
  tenant_pk: number;
}

/** POST /api/ocpptags/unknown/ — one tag, or several at once (all or nothing). */
function approveUnknownTags(refs: UnknownTagRef[]): Promise<{ message: string; approved: string[] }> {
  return apiClient.request({ method: 'POST', path: 'ocpptags/unknown/', body: refs.length === 1 ? refs[0] : refs });
}

export function useApproveUnknownTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUnknownTags,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tagKeys.unknownLists() });
      void queryClient.invalidateQueries({ queryKey: tagKeys.lists() });
    },
  });
}
