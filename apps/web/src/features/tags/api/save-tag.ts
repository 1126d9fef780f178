import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagSave, TagSaveResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

/** POST /api/ocpptags/ (pk null) or PUT /api/ocpptags/{id}/. */
function saveTag(pk: number | null, body: TagSave): Promise<TagSaveResponse> {
  return apiClient.request<TagSaveResponse>(
    pk === null ? { method: 'POST', path: 'ocpptags/', body } : { method: 'PUT', path: `ocpptags/${pk}/`, body },
  );
}

export function useSaveTag(pk: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagSave) => saveTag(pk, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(tagKeys.detail(answer.ocppTag.ocppTagPk), answer.ocppTag);
      void queryClient.invalidateQueries({ queryKey: tagKeys.lists() });
    },
  });
}
