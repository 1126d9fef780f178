/** Query keys of the operations area. */
export const operationKeys = {
  all: ['operations'] as const,
  allOptions: () => ['operations', 'options'] as const,
  options: (version: string, command: string, params: object) => ['operations', 'options', version, command, params] as const,
  tasks: () => ['operations', 'tasks'] as const,
  taskPage: (params: object) => ['operations', 'tasks', params] as const,
  taskDetail: (taskId: number, chargeBoxId: string) => ['operations', 'task-detail', taskId, chargeBoxId] as const,
  profiles: () => ['operations', 'profiles'] as const,
  profile: (pk: number) => ['operations', 'profile', pk] as const,
  paymentTypes: () => ['operations', 'payment-types'] as const,
};
