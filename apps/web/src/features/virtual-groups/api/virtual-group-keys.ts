/** Query keys of the virtual-groups area ("advanced settings"). */
export const virtualGroupKeys = {
  all: ['virtual-groups'] as const,
  lists: () => ['virtual-groups', 'list'] as const,
  list: (params: object) => ['virtual-groups', 'list', params] as const,
  detail: (id: number) => ['virtual-groups', 'detail', id] as const,
  chargers: (id: number) => ['virtual-groups', 'chargers', id] as const,
  chargerPage: (id: number, page: number) => ['virtual-groups', 'chargers', id, page] as const,
  pricing: (id: number) => ['virtual-groups', 'pricing', id] as const,
  events: (id: number, params: object) => ['virtual-groups', 'events', id, params] as const,
  transactions: (id: number, params: object) => ['virtual-groups', 'transactions', id, params] as const,
  pickers: () => ['virtual-groups', 'picker'] as const,
  picker: (params: object) => ['virtual-groups', 'picker', params] as const,
  profiles: () => ['virtual-groups', 'pricing-profiles'] as const,
};
