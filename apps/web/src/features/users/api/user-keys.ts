/** Query keys of the users area. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  deposits: (pk: number) => ['users', 'deposits', pk] as const,
  totalizer: (pk: number) => ['users', 'totalizer', pk] as const,
  detail: (pk: number) => ['users', 'detail', pk] as const,
  address: (pk: number) => ['users', 'address', pk] as const,
  docTypes: (tenantPk: number | null) => ['users', 'docTypes', tenantPk] as const,
  groups: (tenantPk: number | null) => ['users', 'groups', tenantPk] as const,
  tags: (tenantPk: number | null, userPk: number | null) => ['users', 'tags', tenantPk, userPk] as const,
};
