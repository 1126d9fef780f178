/** Query keys of the transactions area; mutations refresh by reusing them. */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => ['transactions', 'list'] as const,
  list: (params: object) => ['transactions', 'list', params] as const,
  details: () => ['transactions', 'detail'] as const,
  detail: (id: number) => ['transactions', 'detail', id] as const,
  paymentTypes: () => ['transactions', 'paymentTypes'] as const,
  tagSearch: (text: string) => ['transactions', 'tagSearch', text] as const,
};
