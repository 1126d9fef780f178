/** Query keys of the tags area. */
export const tagKeys = {
  all: ['tags'] as const,
  lists: () => ['tags', 'list'] as const,
  list: (params: object) => ['tags', 'list', params] as const,
  detail: (pk: number) => ['tags', 'detail', pk] as const,
  drivers: (tenantPk: number, search: string) => ['tags', 'drivers', tenantPk, search] as const,
  unknownLists: () => ['tags', 'unknown'] as const,
  unknown: (params: object) => ['tags', 'unknown', params] as const,
};
