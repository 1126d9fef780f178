import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskListResponse } from '@recarga/contracts/operations';
import { apiClient } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { operationKeys } from './operation-keys';

export interface TaskListParams {
  page: number;
  size: number;
}

/** GET /api/operations/tasks/?timeZone&page&size */
function getTasks(params: TaskListParams, signal?: AbortSignal) {
  return apiClient.request<TaskListResponse>({
    path: 'operations/tasks/',
    query: { timeZone: browserTimeZone(), page: params.page, size: params.size },
    signal,
  });
}

/** The task history; while a task of the page runs, it is read again every few seconds (live messages refresh it sooner). */
export function useTasks(params: TaskListParams, opts: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: operationKeys.taskPage(params),
      queryFn: ({ signal }) => getTasks(params, signal),
      placeholderData: keepPreviousData,
      enabled: opts.enabled ?? true,
      refetchInterval: (query) => (query.state.data?.tasks.some((task) => task.endTimestamp === null) ? 3000 : false),
    }),
  );
}
