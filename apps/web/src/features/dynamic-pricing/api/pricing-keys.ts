/** Query keys of the dynamic pricing area. */
export const pricingKeys = {
  all: ['dynamic-pricing'] as const,
  list: () => ['dynamic-pricing', 'list'] as const,
  detail: (uuid: string) => ['dynamic-pricing', 'detail', uuid] as const,
};
