import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommandAccepted, OcppVersionPath, OperationCommand } from '@recarga/contracts/operations';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** POST /api/operations/{version}/{command}/ — answers the task id at once. */
function sendCommand(version: OcppVersionPath, command: OperationCommand, body: Record<string, unknown>) {
  return apiClient.request<CommandAccepted>({ method: 'POST', path: `operations/${version}/${command}/`, body });
}

/** Sends a command; the task history and the option data (reservations, local list versions) are read again. */
export function useSendCommand(version: OcppVersionPath, command: OperationCommand) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => sendCommand(version, command, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: operationKeys.tasks() });
      void queryClient.invalidateQueries({ queryKey: operationKeys.allOptions() });
    },
  });
}
