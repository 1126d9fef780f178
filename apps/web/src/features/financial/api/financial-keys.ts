/** Query keys of the financial area; a refund or a resend refreshes by reusing them. */
export const financialKeys = {
  all: ['financial'] as const,
  lists: () => ['financial', 'list'] as const,
  list: (tab: string, params: object) => ['financial', 'list', tab, params] as const,
  summaries: () => ['financial', 'summary'] as const,
  summary: (params: object) => ['financial', 'summary', params] as const,
  details: () => ['financial', 'detail'] as const,
  detail: (movementPk: number) => ['financial', 'detail', movementPk] as const,
  tenants: () => ['financial', 'tenants'] as const,
  chargeBoxes: (params: object) => ['financial', 'chargeBoxes', params] as const,
};
