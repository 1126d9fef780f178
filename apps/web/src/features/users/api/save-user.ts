import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreate, UserSaveResponse, UserUpdate } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

type SaveUserBody = { kind: 'create'; body: UserCreate } | { kind: 'update'; pk: number; body: UserUpdate };

/** POST /api/users_data/ (create) or PUT /api/users_data/{id}/ (update). */
function saveUser(save: SaveUserBody): Promise<UserSaveResponse> {
  return apiClient.request<UserSaveResponse>(
    save.kind === 'create'
      ? { method: 'POST', path: 'users_data/', body: save.body }
      : { method: 'PUT', path: `users_data/${save.pk}/`, body: save.body },
  );
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (answer) => {
      const pk = answer.userForm.userPk;
      queryClient.setQueryData(userKeys.detail(pk), answer.userForm);
      void queryClient.invalidateQueries({ queryKey: userKeys.address(pk) });
      // Tag pickers change when tags are bound or freed.
      void queryClient.invalidateQueries({ queryKey: ['users', 'tags'] });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
