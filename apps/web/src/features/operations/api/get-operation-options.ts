import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OcppVersionPath, OperationCommand, OperationOptions } from '@recarga/contracts/operations';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** GET /api/operations/{version}/{command}/?idTag — stations of the version in scope and the command's choices. */
function getOperationOptions(version: OcppVersionPath, command: OperationCommand, idTag: string, signal?: AbortSignal) {
  return apiClient.request<OperationOptions>({
    path: `operations/${version}/${command}/`,
    query: { idTag: idTag.trim() || undefined },
    signal,
  });
}

export function useOperationOptions(version: OcppVersionPath, command: OperationCommand, idTag = '') {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.options(version, command, idTag),
      queryFn: ({ signal }) => getOperationOptions(version, command, idTag, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
