/** Query keys of the network settings screen: every change refreshes the tenant's settings and its history. */
export const configKeys = {
  all: ['config'] as const,
  settings: (tenantPk: number | undefined) => ['config', 'settings', tenantPk ?? 'own'] as const,
  audits: () => ['config', 'audit'] as const,
  audit: (tenantPk: number | undefined, page: number) => ['config', 'audit', tenantPk ?? 'own', page] as const,
};
