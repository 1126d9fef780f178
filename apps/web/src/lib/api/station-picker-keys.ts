/** Query keys of the station pickers' searches. */
export const stationPickerKeys = {
  all: ['stationPicker'] as const,
  search: (text: string, tenantPk: number | null) => ['stationPicker', 'search', { text, tenantPk }] as const,
};
