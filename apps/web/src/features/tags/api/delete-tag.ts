import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

/** DELETE /api/ocpptags/{id}/ */
function deleteTag(pk: number): Promise<{ message: string }> {
  return apiClient.request<{ message: string }>({ method: 'DELETE', path: `ocpptags/${pk}/` });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagKeys.lists() }),
  });
}
