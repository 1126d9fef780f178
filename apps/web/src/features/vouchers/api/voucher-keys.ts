/** Query keys of the vouchers area. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  lists: () => ['vouchers', 'list'] as const,
  list: (params: object) => ['vouchers', 'list', params] as const,
  detail: (id: number) => ['vouchers', 'detail', id] as const,
  histories: (id: number) => ['vouchers', 'history', id] as const,
  history: (id: number, userPk: number | null) => ['vouchers', 'history', id, userPk] as const,
  userOptions: (tenantPk?: number) => ['vouchers', 'user-options', tenantPk ?? null] as const,
};
