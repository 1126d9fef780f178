/** Query keys of the station pickers (search answers and the labels of chosen stations). */
export const stationPickerKeys = {
  all: ['stationPicker'] as const,
  search: (text: string, tenantPk: number | null) => ['stationPicker', 'search', { text, tenantPk }] as const,
  label: (pk: number) => ['stationPicker', 'label', pk] as const,
};
