import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';
import type { UnknownTagRef } from './approve-unknown-tags';

/** DELETE /api/ocpptags/unknown/{idTag}/?tenantPk */
function deleteUnknownTag(ref: UnknownTagRef): Promise<{ message: string }> {
  return apiClient.request({
    method: 'DELETE',
    path: `ocpptags/unknown/${encodeURIComponent(ref.id_tag)}/`,
    query: { tenantPk: ref.tenant_pk },
  });
}

export function useDeleteUnknownTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnknownTag,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tagKeys.unknownLists() }),
  });
}
