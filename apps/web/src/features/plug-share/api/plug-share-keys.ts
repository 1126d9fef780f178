/** Query keys of the third-party points screen; the import refreshes by reusing them. */
export const plugShareKeys = {
  all: ['plugShare'] as const,
  points: (tenantPk: number | null) => ['plugShare', 'points', tenantPk] as const,
  connectorTypes: () => ['plugShare', 'connectorTypes'] as const,
};
