/** Query keys of the support screen: a send refreshes the list by reusing `all`. */
export const supportKeys = {
  all: ['support'] as const,
  list: (page: number) => [...supportKeys.all, 'list', page] as const,
};
