/** Query keys of the push screen: a send refreshes the list by reusing `all`. */
export const pushKeys = {
  all: ['push-notifications'] as const,
  list: (page: number) => [...pushKeys.all, 'list', page] as const,
};
