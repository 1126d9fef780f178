/** Query keys of the station-groups area. */
export const groupKeys = {
  all: ['stationGroups'] as const,
  lists: () => ['stationGroups', 'list'] as const,
  list: (params: object) => ['stationGroups', 'list', params] as const,
  detail: (pk: number) => ['stationGroups', 'detail', pk] as const,
};
