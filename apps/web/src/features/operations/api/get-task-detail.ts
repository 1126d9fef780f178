import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskDetailResponse } from '@recarga/contracts/operations';
import { apiClient } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/**
 * GET /api/operations/tasks/{taskId}/details/{chargeBoxId}/ — what one station answered beyond its
 * status: configuration keys, a composite schedule, a data transfer's data.
 */
function getTaskDetail(taskId: number, chargeBoxId: string, signal?: AbortSignal) {
  return apiClient.request<TaskDetailResponse>({ path: `operations/tasks/${taskId}/details/${encodeURIComponent(chargeBoxId)}/`, signal });
}

export function useTaskDetail(taskId: number, chargeBoxId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.taskDetail(taskId, chargeBoxId),
      queryFn: ({ signal }) => getTaskDetail(taskId, chargeBoxId, signal),
      enabled,
    }),
  );
}
