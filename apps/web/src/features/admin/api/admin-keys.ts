/** Query keys of the network administration screen: every change refreshes the list and the history. */
export const adminKeys = {
  all: ['admin'] as const,
  tenants: () => ['admin', 'tenants'] as const,
  audits: () => ['admin', 'audit'] as const,
  audit: (tenantPk: number | undefined, page: number) => ['admin', 'audit', tenantPk ?? 'all', page] as const,
};
