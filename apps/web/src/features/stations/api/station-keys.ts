/** Query keys of the stations area; mutations refresh by reusing them. */
export const stationKeys = {
  all: ['stations'] as const,
  lists: () => ['stations', 'list'] as const,
  list: (params: object) => ['stations', 'list', params] as const,
  detail: (pk: number) => ['stations', 'detail', pk] as const,
  events: (chargeBoxId: string) => ['stations', 'events', chargeBoxId] as const,
  transactions: (pk: number) => ['stations', 'transactions', pk] as const,
  energy: (pk: number) => ['stations', 'energy', pk] as const,
  qrCode: (pk: number) => ['stations', 'qrCode', pk] as const,
  connectorTypes: () => ['stations', 'connectorTypes'] as const,
  groupOptions: () => ['stations', 'groupOptions'] as const,
  reportPermissions: () => ['stations', 'reportPermissions'] as const,
  privateUsers: (pk: number | null) => ['stations', 'privateUsers', pk] as const,
};
